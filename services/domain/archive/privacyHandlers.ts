/**
 * The school's privacy settings (issue 34): read by anyone the API lets see them, changed by an
 * admin (./consent.ts decides). One short stream, read whole.
 */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import type { EventStore } from '../../eventstore/port';
import { fold } from '../shared/decider';
import {
  SCHOOL_PRIVACY_STREAM,
  decideChangePrivacySettings,
  evolvePrivacySettings,
  initialPrivacySettings,
  type PrivacySettings,
  type PrivacySettingsEvent,
} from './consent';

export type PrivacySettingsHandlers = ReturnType<typeof privacySettingsHandlers>;

export function privacySettingsHandlers(deps: { commands: CommandExecutor; store: Pick<EventStore, 'readStream'> }) {
  return {
    async settings(): Promise<PrivacySettings> {
      return fold(
        evolvePrivacySettings,
        initialPrivacySettings(),
        (await deps.store.readStream(SCHOOL_PRIVACY_STREAM)) as PrivacySettingsEvent[],
      );
    },

    async change(meta: CommandMeta, input: Partial<PrivacySettings>) {
      return deps.commands.execute(meta, async (tx) => {
        const state = fold(
          evolvePrivacySettings,
          initialPrivacySettings(),
          (await tx.read(SCHOOL_PRIVACY_STREAM)) as PrivacySettingsEvent[],
        );
        tx.append(SCHOOL_PRIVACY_STREAM, decideChangePrivacySettings(state, input, { now: tx.now, actor: tx.actor }));
        return true;
      });
    },
  };
}

/**
 * People use cases: changeUser (profile fields), onboardAccount (the role's profile is complete, so
 * ONBOARDING_<ROLE> becomes <ROLE>) and uploadHeadshot. The profile lives on `profile-<account>`;
 * roles stay on identity's account stream and change only through its decider.
 */
import { ErrorCode } from '../../../contracts/errors';
import { baseRole, type Role } from '../../../contracts/roles';
import type { OnboardingRole, ProfileField } from '../../../contracts/validation/profile';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import type { FileStorage } from '../../integrations/storage/port';
import { newStorageKey } from '../../integrations/storage/port';
import { decideCompleteOnboarding, evolveAccount, initialAccount, type AccountState } from '../identity/account';
import { streams as identityStreams, type AccountEvent } from '../identity/events';
import { evolveSpeaking, initialSpeaking } from '../speaking/speaking';
import { speakingStreams, type SpeakingEvent } from '../speaking/events';
import { fold } from '../shared/decider';
import { DomainError, notFound } from '../shared/errors';
import { streams, type ProfileEvent } from './events';
import { decodeUpload, processHeadshot } from './headshot';
import {
  assertOnboardingComplete,
  decideChangeProfile,
  decideHeadshotUploaded,
  evolveProfile,
  initialProfile,
  type ProfileState,
} from './profile';
import { PeopleMessages } from './messages';

export interface PeopleDeps {
  commands: CommandExecutor;
  storage: FileStorage;
}

async function loadAccount(tx: CommandTransaction, accountId: string): Promise<AccountState> {
  const account = fold(evolveAccount, initialAccount(), (await tx.read(identityStreams.account(accountId))) as AccountEvent[]);
  if (!account.exists) throw notFound(PeopleMessages.accountNotFound);
  return account;
}

async function loadProfile(tx: CommandTransaction, accountId: string): Promise<ProfileState> {
  return fold(evolveProfile, initialProfile(), (await tx.read(streams.profile(accountId))) as ProfileEvent[]);
}

const ONBOARDING_ROLES: readonly string[] = ['SPEAKER', 'STUDENT', 'INSTRUCTOR'];
const NOT_PROMOTED = 'Speaker onboarding opens once the staff has promoted you after your interview.';

export function peopleHandlers(deps: PeopleDeps) {
  const { commands, storage } = deps;
  return {
    async changeUser(meta: CommandMeta, input: { accountId: string; change: Partial<Record<ProfileField, string | null>> }) {
      return commands.execute(meta, async (tx) => {
        await loadAccount(tx, input.accountId);
        const profile = await loadProfile(tx, input.accountId);
        const events = decideChangeProfile(profile, input, { now: tx.now, actor: tx.actor });
        tx.append(streams.profile(input.accountId), events);
        return events.length > 0;
      });
    },

    async onboardAccount(meta: CommandMeta, input: { accountId: string; role: string }) {
      const role = baseRole(input.role as Role);
      if (!ONBOARDING_ROLES.includes(role)) {
        throw new DomainError(ErrorCode.BAD_USER_INPUT, PeopleMessages.noOnboarding(role.toLowerCase()), {
          role: PeopleMessages.chooseOnboardingRole,
        });
      }
      return commands.execute(meta, async (tx) => {
        const account = await loadAccount(tx, input.accountId);
        if (account.roles.includes(role as Role) && !account.roles.includes(`ONBOARDING_${role}` as Role)) return false; // done already
        // A speaker onboards once staff promoted them (the speaking record's evaluation).
        if (role === 'SPEAKER') {
          const speaking = fold(
            evolveSpeaking,
            initialSpeaking(),
            (await tx.read(speakingStreams.speaking(input.accountId))) as SpeakingEvent[],
          );
          if (speaking.evaluation !== 'promote') throw new DomainError(ErrorCode.BAD_USER_INPUT, NOT_PROMOTED, { role: NOT_PROMOTED });
        }
        // Read with the account: a profile change racing this one makes it decide again.
        const profile = await loadProfile(tx, input.accountId);
        assertOnboardingComplete(profile, role as OnboardingRole, { now: tx.now, actor: tx.actor });
        tx.append(identityStreams.account(input.accountId), decideCompleteOnboarding(account, { role: role as OnboardingRole }));
        tx.append(streams.profile(input.accountId), [
          { type: 'OnboardingCompleted', data: { accountId: input.accountId, role: role as OnboardingRole } },
        ]);
        return true;
      });
    },

    /**
     * Checks and re-encodes the picture, stores it under a new random key, and records it. The file
     * is written before the event: a failed append leaves an unreferenced file, never an event
     * pointing at nothing.
     */
    async uploadHeadshot(meta: CommandMeta, input: { accountId: string; data: string }) {
      const processed = await processHeadshot(decodeUpload(input.data));
      const key = newStorageKey('headshots', 'jpg');
      await storage.put(key, processed.bytes, processed.contentType);
      const outcome = await commands.execute(meta, async (tx) => {
        await loadAccount(tx, input.accountId);
        const profile = await loadProfile(tx, input.accountId);
        tx.append(
          streams.profile(input.accountId),
          decideHeadshotUploaded(profile, {
            accountId: input.accountId,
            key,
            contentType: processed.contentType,
            width: processed.width,
            height: processed.height,
            bytes: processed.bytes.length,
          }),
        );
        return key;
      });
      return { ...outcome, url: storage.url(key) };
    },
  };
}

export type PeopleHandlers = ReturnType<typeof peopleHandlers>;

/** Redemption set use cases (admin): a set and all its codes are made in one append. */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import { unauthorized } from '../shared/errors';
import { newId } from '../shared/ids';
import { codeStream, decideCreateRedemptionSet, displayCodeValue, randomCode, redemptionSetStream } from './codes';

export function codeHandlers(deps: { commands: CommandExecutor; newCode?: () => string }) {
  return {
    /**
     * Every code stream is appended with no_stream: a value issued before (a collision, about one
     * in 10^13 per pair) fails the append, and the executor makes the whole set again.
     */
    async createRedemptionSet(
      meta: CommandMeta,
      input: { name: string; fillLimit: number; duration?: number | null; quantity?: number | null },
    ) {
      if (!meta.actor.roles.includes('ADMIN') && !meta.actor.roles.includes('SYSTEM')) throw unauthorized();
      return deps.commands.execute(meta, async (tx) => {
        const redemptionSetId = newId();
        const { set, codes } = decideCreateRedemptionSet({
          redemptionSetId,
          name: input.name ?? '',
          fillLimit: input.fillLimit,
          duration: input.duration,
          quantity: input.quantity,
          createdBy: meta.actor.accountId,
          newId,
          newCode: deps.newCode ?? randomCode,
        });
        tx.append(redemptionSetStream(redemptionSetId), [set], 'no_stream');
        for (const code of codes) tx.append(codeStream(displayCodeValue(code.data.value)), [code], 'no_stream');
        return { redemptionSetId, codes: codes.map((c) => displayCodeValue(c.data.value)) };
      });
    },
  };
}
export type CodeHandlers = ReturnType<typeof codeHandlers>;

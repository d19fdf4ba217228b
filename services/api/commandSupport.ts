/**
 * What every mutation resolver does around a command: stamp it with the viewer and the request,
 * and answer only once the read models it changes have caught up (read-your-writes).
 */
import { findAccount, type AccountRow } from '../../projections/accounts';
import type { CommandMeta } from '../commands/execute';
import { conflict, notFound } from '../domain/shared/errors';
import type { GlobalCheckpoint } from '../eventstore/port';
import { actorOf } from './auth';
import type { ApiContext } from './context';
import { ApiMessages } from './apiMessages';

export const commandMeta = (ctx: ApiContext): CommandMeta => ({ actor: actorOf(ctx.viewer), correlationId: ctx.requestId });

/** Waits (bounded) until `projections` have processed the append; logs when they did not. */
export async function settled(ctx: ApiContext, appended: { checkpoint: GlobalCheckpoint } | undefined, projections: string[]) {
  const ok = await ctx.runtime.runner.waitFor(appended?.checkpoint, projections);
  if (!ok) ctx.log.warn({ projections }, 'read models did not catch up within the bound');
  // A sign-out (or a change of roles) answered here holds in this process from the answer on,
  // whether or not the read model's notice has arrived yet.
  if (appended && projections.includes('accounts')) ctx.runtime.sessions.forgetAll();
}

export async function accountOrThrow(ctx: ApiContext, accountId: string): Promise<AccountRow> {
  const account = await findAccount(ctx.runtime.pool, accountId);
  if (!account) throw notFound(ApiMessages.accountNotFound);
  return account;
}

/**
 * A mutation's answer, read back from a read model once its command settled: one that cannot be
 * read (the read model did not catch up within the bound) is a CONFLICT asking to reload, never a
 * null where the schema promises an object.
 */
export function readBack<T>(row: T | null | undefined, message: string): T {
  if (row == null) throw conflict(message);
  return row;
}

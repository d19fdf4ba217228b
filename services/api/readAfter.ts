/**
 * The server's side of contracts/readAfter.ts: a mutation that answers before its read models
 * caught up names its events' place (`answeredBeforeSettled`, then the `Tertulia-Written` header);
 * a request that carries such a mark waits, before anything of it runs, until those read models
 * have read that far (`waitForReadAfter`). Both waits are the runner's, with its bound: past it the
 * request goes on and the delay is logged, as a mutation's own wait does.
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import {
  formatReadAfter,
  mergeReadAfter,
  parseReadAfter,
  READ_AFTER_HEADER,
  type ReadAfter,
  WRITTEN_HEADER,
} from '../../contracts/readAfter';
import type { Runtime } from '../app/runtime';
import { badInput } from '../domain/shared/errors';
import type { GlobalCheckpoint } from '../eventstore/port';
import { ApiMessages } from './apiMessages';

/**
 * For a mutation whose answer comes from its command, not from a read model: the answer does not
 * wait for `readModels`; the response tells the client where to read after (the caller's next
 * request waits instead, see contracts/readAfter.ts).
 */
/** An operation's context, as far as its read-after mark goes (services/api/context.ts). */
interface Written {
  written: ReadAfter | null;
}

export function answeredBeforeSettled(ctx: Written, appended: { checkpoint: GlobalCheckpoint } | undefined, readModels: string[]) {
  if (!appended) return;
  ctx.written = mergeReadAfter(ctx.written, {
    transactionId: appended.checkpoint.transactionId,
    position: appended.checkpoint.position,
    readModels: [...new Set(readModels)].sort(),
  });
}

/**
 * The mark a request carries, refused when it is not one or names a read model this product does
 * not have (which would never be reached).
 */
export function readAfterOf(runtime: Runtime, headers: { get(name: string): string | null }): ReadAfter | null {
  const text = headers.get(READ_AFTER_HEADER);
  if (text === null || text === '') return null;
  const mark = parseReadAfter(text);
  const known = new Set(runtime.runner.projectors.map((p) => p.name));
  if (!mark?.readModels.every((name) => known.has(name))) throw badInput(ApiMessages.readAfterInvalid(READ_AFTER_HEADER));
  return mark;
}

/** Holds the request until the mark's read models have read that far (or the runner's bound passed). */
export async function waitForReadAfter(runtime: Runtime, mark: ReadAfter, log: Logger): Promise<void> {
  const reached = await runtime.runner.waitFor({ transactionId: mark.transactionId, position: mark.position }, mark.readModels);
  if (!reached) log.warn({ readModels: mark.readModels }, 'read models did not reach the request’s read-after mark within the bound');
}

/** Puts the operation's mark, if it wrote one, on the HTTP response. */
export function writtenHeader(): Plugin<{ request: Request } & Partial<Written>> {
  const written = new WeakMap<Request, ReadAfter>();
  return {
    onExecute() {
      return {
        onExecuteDone({ args }) {
          const ctx = args.contextValue as { request?: Request } & Partial<Written>;
          if (ctx.request && ctx.written) written.set(ctx.request, ctx.written);
        },
      };
    },
    onResponse({ request, response }) {
      const mark = written.get(request);
      if (mark) response.headers.set(WRITTEN_HEADER, formatReadAfter(mark));
    },
  };
}

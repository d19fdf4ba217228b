/**
 * Erasure (issue 34, docs/decisions/erasure.md): the request and its cancel, and the job that
 * carries it out once the grace period has passed: it destroys the person's keys (their own and the
 * invitee pseudonyms of every address they had), deletes their headshots and recordings from
 * storage, appends PersonErased, and rebuilds the read models that read personal fields so they
 * show "Erased user".
 */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import type { PersonalKeyStore } from '../../eventstore/personal/keyStore';
import type { EventStore } from '../../eventstore/port';
import type { FileStorage } from '../../integrations/storage/port';
import { decideSignOut, evolveAccount, initialAccount } from '../identity/account';
import { type AccountEvent, streams as identityStreams } from '../identity/events';
import { streams as peopleStreams } from '../people/events';
import { inviteeSubject } from '../personalData';
import { SYSTEM_ACTOR, fold } from '../shared/decider';
import { newId } from '../shared/ids';
import {
  type ErasureEvent,
  type ErasureState,
  type Obligation,
  decideCancelErasure,
  decideErased,
  decideRequestErasure,
  erasureDue,
  erasureStream,
  evolveErasure,
  initialErasure,
} from './erasure';

/** The job that carries out one erasure request, from the feed at its `eraseAfter` (services/jobs/dispatch.ts). */
export interface ErasureJob {
  erasureId: string;
  personId: string;
}

/** How long the job waits before looking again when an obligation appeared during the grace period. */
const POSTPONE_MS = 24 * 3_600_000;

const readErasure = async (tx: { read(stream: string): Promise<{ type: string; data: unknown }[]> }, personId: string) =>
  fold(evolveErasure, initialErasure(), (await tx.read(erasureStream(personId))) as ErasureEvent[]);

export function erasureHandlers(deps: {
  commands: CommandExecutor;
  store: Pick<EventStore, 'readStream'>;
  keys: Pick<PersonalKeyStore, 'erase'>;
  storage: Pick<FileStorage, 'delete'>;
  graceDays: number;
  /** What the school may still keep the person's data for (read models: payroll, enrollments). */
  obligationsOf(personId: string): Promise<Obligation[]>;
  /** Storage keys of the person's recordings (the conversations they took part in). */
  recordingKeysOf(personId: string): Promise<string[]>;
  /** Rebuilds the read models that read personal fields (recorded operations), resolving when done. */
  rebuildPersonalReadModels(erasureId: string, requestedBy: string | null): Promise<void>;
  /** Rows outside the log that name the person (the local mailbox). */
  purgeOutsideTheLog(personId: string, emailAddresses: readonly string[]): Promise<void>;
  /** Looks at the erasure again later (a job of its own). */
  schedule(job: ErasureJob, at: Date): Promise<void>;
  onError(error: unknown, context: string): void;
}) {
  return {
    async state(personId: string): Promise<ErasureState> {
      return fold(evolveErasure, initialErasure(), (await deps.store.readStream(erasureStream(personId))) as ErasureEvent[]);
    },

    /** What holds an erasure of the person back now. */
    obligations: (personId: string) => deps.obligationsOf(personId),

    /** Asks for the erasure of `personId` (the caller checked who may); refused while they have an obligation. */
    async request(meta: CommandMeta, input: { personId: string }): Promise<ErasureState> {
      const obligations = await deps.obligationsOf(input.personId);
      const { result } = await deps.commands.execute(meta, async (tx) => {
        const state = await readErasure(tx, input.personId);
        const events = decideRequestErasure(
          state,
          { erasureId: newId(), personId: input.personId, requestedBy: tx.actor.accountId, obligations, graceDays: deps.graceDays },
          tx.now,
        );
        tx.append(erasureStream(input.personId), events);
        return { status: 'pending' as const, erasureId: events[0].data.erasureId, eraseAfter: events[0].data.eraseAfter };
      });
      return result;
    },

    async cancel(meta: CommandMeta, input: { personId: string }): Promise<void> {
      await deps.commands.execute(meta, async (tx) => {
        const state = await readErasure(tx, input.personId);
        tx.append(
          erasureStream(input.personId),
          decideCancelErasure(state, { personId: input.personId, cancelledBy: tx.actor.accountId }, tx.now),
        );
      });
    },

    /** The job: erases the person if their request is due, else does nothing (cancelled) or waits (early, an obligation). */
    async run(job: ErasureJob, now = new Date()): Promise<'erased' | 'cancelled' | 'postponed'> {
      const stream = await deps.store.readStream(erasureStream(job.personId));
      const state = fold(evolveErasure, initialErasure(), stream as ErasureEvent[]);
      const due = erasureDue(state, job.erasureId, now);
      if (!due.due) {
        // Erased already: a retry after the keys went, whose rebuild did not finish.
        if (due.why === 'erased') {
          await deps.rebuildPersonalReadModels(job.erasureId, requesterOf(stream));
          return 'erased';
        }
        if (due.why !== 'early') return 'cancelled';
        await deps.schedule(job, new Date(due.at!));
        return 'postponed';
      }
      if ((await deps.obligationsOf(job.personId)).length) {
        await deps.schedule(job, new Date(now.getTime() + POSTPONE_MS));
        return 'postponed';
      }
      // Read before the keys go: the addresses the person had (their invitations' pseudonyms) and their files.
      const addresses = await addressesOf(deps.store, job.personId);
      const files = [...(await headshotKeysOf(deps.store, job.personId)), ...(await deps.recordingKeysOf(job.personId))];
      await deps.keys.erase([job.personId, ...addresses.map(inviteeSubject)]);
      for (const key of files) {
        await deps.storage.delete(key).catch((error) => deps.onError(error, `erasure: deleting ${key}`));
      }
      await deps.purgeOutsideTheLog(job.personId, addresses);
      // Erased, and signed out everywhere in the same append: a session kept would go on writing as them.
      await deps.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
        tx.append(erasureStream(job.personId), decideErased(await readErasure(tx, job.personId), job, tx.now));
        const account = fold(evolveAccount, initialAccount(), (await tx.read(identityStreams.account(job.personId))) as AccountEvent[]);
        const signOuts = [...account.openSessions].flatMap((sessionId) => decideSignOut(account, { sessionId }));
        if (signOuts.length) tx.append(identityStreams.account(job.personId), signOuts);
      });
      await deps.rebuildPersonalReadModels(job.erasureId, requesterOf(stream));
      return 'erased';
    },
  };
}

export type ErasureHandlers = ReturnType<typeof erasureHandlers>;

/** Who asked for the erasure: the last request's actor. */
const requesterOf = (stream: { type: string; data: any }[]): string | null =>
  stream.findLast((e) => e.type === 'ErasureRequested')?.data.requestedBy ?? null;

async function addressesOf(store: Pick<EventStore, 'readStream'>, personId: string): Promise<string[]> {
  const found = new Set<string>();
  for (const e of await store.readStream(identityStreams.account(personId))) {
    if (e.type === 'AccountRegistered') found.add(e.data.emailAddress);
    if (e.type === 'EmailAddressChanged') {
      found.add(e.data.emailAddress);
      found.add(e.data.previousEmailAddress);
    }
  }
  return [...found].filter((a) => typeof a === 'string' && !a.endsWith('@erased.invalid'));
}

async function headshotKeysOf(store: Pick<EventStore, 'readStream'>, personId: string): Promise<string[]> {
  return (await store.readStream(peopleStreams.profile(personId)))
    .filter((e) => e.type === 'HeadshotUploaded')
    .map((e) => e.data.key as string);
}

/**
 * "Download my data" (issue 34): asking for an export, the job that assembles it, and the download
 * through the mailed link. The token is random, kept only hashed in ExportReady, and travels to the
 * person sealed in the mail's job (never in an event); the download appends ExportDownloaded at
 * the version it read, so two downloads racing with one token give one file.
 */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import type { EventStore } from '../../eventstore/port';
import type { Pool } from '../../db/pool';
import { assembleExport } from '../../export/assemble';
import type { FileStorage } from '../../integrations/storage/port';
import { newStorageKey } from '../../integrations/storage/port';
import { hashToken, randomToken } from '../../security/tokens';
import { appendViews } from '../dataAccess/handlers';
import { mailLocale } from '../people/mailLocale';
import type { Mailer } from '../notifications/mailer';
import { SYSTEM_ACTOR, fold } from '../shared/decider';
import { newId } from '../shared/ids';
import {
  EXPORT_LINK_DAYS,
  type ExportEvent,
  type ExportState,
  dataExportStream,
  decideDownload,
  decideFailed,
  decideProgress,
  decideReady,
  decideRequestExport,
  evolveExport,
  initialExport,
} from './export';

export const DATA_EXPORT_PATH = '/data-export';

/** The mailed link: the person's id and the token, both needed (the token alone is never looked up). */
export const exportDownloadUrl = (publicUrl: string, personId: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${DATA_EXPORT_PATH}/${encodeURIComponent(personId)}/${token}`;

const readExports = async (
  tx: { read(stream: string): Promise<{ type: string; data: unknown }[]> },
  personId: string,
): Promise<ExportState> => fold(evolveExport, initialExport(), (await tx.read(dataExportStream(personId))) as ExportEvent[]);

export function dataExportHandlers(deps: {
  commands: CommandExecutor;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  pool: Pool;
  store: Pick<EventStore, 'readStreams'>;
  storage: Pick<FileStorage, 'getToFile' | 'putFile' | 'delete'>;
  /** The person's address for the mail, from the read models. */
  emailOf(personId: string): Promise<string | null>;
  onError(error: unknown, context: string): void;
}) {
  const system = { actor: SYSTEM_ACTOR };
  const append = (personId: string, decide: (state: ExportState, now: Date) => ExportEvent[]) =>
    deps.commands.execute(system, async (tx) => {
      tx.append(dataExportStream(personId), decide(await readExports(tx, personId), tx.now));
    });

  return {
    /**
     * Starts an export of `personId` (the caller checked who may), or answers the one already running.
     * An export an admin starts for someone else is recorded with it (the access audit, with `reason`).
     */
    async request(meta: CommandMeta, input: { personId: string; reason?: string | null }) {
      return deps.commands.execute(meta, async (tx) => {
        const stored = await tx.read(dataExportStream(input.personId));
        const state = fold(evolveExport, initialExport(), stored as ExportEvent[]);
        const exportId = newId();
        const events = decideRequestExport(state, { exportId, personId: input.personId, requestedBy: tx.actor.accountId }, tx.now);
        if (!events.length) {
          // Where the running one was written, for the caller to wait on (its ask may have lost the race by a moment).
          const last = stored[stored.length - 1];
          return {
            exportId: state.running as string,
            started: false,
            checkpoint: { transactionId: last.transactionId, position: last.position },
          };
        }
        tx.append(dataExportStream(input.personId), events);
        const admin = tx.actor.accountId;
        if (admin && admin !== input.personId)
          await appendViews(tx, admin, [{ personId: input.personId, view: 'DATA_EXPORT', reason: input.reason }]);
        return { exportId, started: true, checkpoint: null };
      });
    },

    /** The job's work: assemble, store, then record the link and mail it; a failure is recorded on the export. */
    async assemble(job: { exportId: string; personId: string }) {
      const { exportId, personId } = job;
      let storageKey: string | null = null;
      try {
        const assembled = await assembleExport({ pool: deps.pool, store: deps.store, storage: deps.storage }, personId, (done, total) =>
          append(personId, (state) => decideProgress(state, { exportId, personId, done, total })).then(() => {}),
        );
        try {
          storageKey = newStorageKey('data-exports', 'zip');
          await deps.storage.putFile(storageKey, assembled.file, 'application/zip');
        } finally {
          await assembled.dispose();
        }
        const emailAddress = await deps.emailOf(personId);
        const token = randomToken();
        const key = storageKey;
        await deps.commands.execute(system, async (tx) => {
          const state = await readExports(tx, personId);
          tx.append(
            dataExportStream(personId),
            decideReady(state, { exportId, personId, storageKey: key, bytes: assembled.bytes, tokenHash: hashToken(token) }, tx.now),
          );
          if (emailAddress)
            deps.mailer.queue(tx, {
              recipient: { accountId: personId, emailAddress },
              templateKey: 'data_export_ready',
              templateValue: { validForDays: String(EXPORT_LINK_DAYS) },
              secrets: { downloadLink: exportDownloadUrl(deps.publicUrl, personId, token) },
              locale: await mailLocale(tx, personId, undefined),
            });
        });
      } catch (error) {
        deps.onError(error, 'data export failed');
        if (storageKey) await deps.storage.delete(storageKey).catch(() => {});
        await append(personId, (state, now) =>
          state.running === exportId ? decideFailed(state, { exportId, personId, reason: 'The export could not be assembled.' }, now) : [],
        );
      }
    },

    /** The stored zip a link opens, once: throws the decider's refusal (unknown, used, expired). */
    async download(meta: CommandMeta, input: { personId: string; token: string }) {
      const { result } = await deps.commands.execute(meta, async (tx) => {
        const state = await readExports(tx, input.personId);
        const { storageKey, events } = decideDownload(state, { personId: input.personId, tokenHash: hashToken(input.token) }, tx.now);
        tx.append(dataExportStream(input.personId), events);
        return storageKey;
      });
      return result;
    },
  };
}

export type DataExportHandlers = ReturnType<typeof dataExportHandlers>;

/**
 * "Download my data" (issue 34): a person's exports, stream data-export-<personId>. An export is
 * requested (by the person or an admin), assembled by a background job that records its progress,
 * then ready with a download link whose token is kept hashed, valid for EXPORT_LINK_DAYS and good
 * for one download. One export runs per person at a time: asking again while one runs answers the
 * running one (a double click starts one export).
 */
import type { DomainEvent } from '../shared/decider';
import { badInput, conflict, notFound } from '../shared/errors';

export const dataExportStream = (personId: string) => `data-export-${personId}`;

/** How long a download link works. */
export const EXPORT_LINK_DAYS = 7;

export const ExportMessages = {
  linkUnknown: 'This download link is not valid. Ask for a new export of your data from your settings.',
  linkUsed: 'This download link was already used: each link downloads once. Ask for a new export of your data from your settings.',
  linkExpired: 'This download link has expired (links work for 7 days). Ask for a new export of your data from your settings.',
  notRunning: 'This export is not being prepared.',
  tooManyParts: 'An export has at most 100 parts.',
} as const;

export type ExportRequested = DomainEvent<
  'ExportRequested',
  { exportId: string; personId: string; requestedBy: string | null; at: string }
>;
/** The job finished `done` of the export's `total` parts. */
export type ExportProgressed = DomainEvent<'ExportProgressed', { exportId: string; personId: string; done: number; total: number }>;
export type ExportReady = DomainEvent<
  'ExportReady',
  { exportId: string; personId: string; storageKey: string; bytes: number; tokenHash: string; expiresAt: string; at: string }
>;
export type ExportFailed = DomainEvent<'ExportFailed', { exportId: string; personId: string; reason: string; at: string }>;
export type ExportDownloaded = DomainEvent<'ExportDownloaded', { exportId: string; personId: string; at: string }>;
export type ExportEvent = ExportRequested | ExportProgressed | ExportReady | ExportFailed | ExportDownloaded;

export const EXPORT_EVENT_TYPES = ['ExportRequested', 'ExportProgressed', 'ExportReady', 'ExportFailed', 'ExportDownloaded'] as const;

interface ReadyExport {
  exportId: string;
  storageKey: string;
  tokenHash: string;
  expiresAt: string;
  downloaded: boolean;
}

export interface ExportState {
  /** The export being assembled, if any. */
  running: string | null;
  ready: ReadyExport[];
}

export const initialExport = (): ExportState => ({ running: null, ready: [] });

export function evolveExport(state: ExportState, event: ExportEvent): ExportState {
  switch (event.type) {
    case 'ExportRequested':
      return { ...state, running: event.data.exportId };
    case 'ExportReady': {
      const { exportId, storageKey, tokenHash, expiresAt } = event.data;
      return { running: null, ready: [...state.ready, { exportId, storageKey, tokenHash, expiresAt, downloaded: false }] };
    }
    case 'ExportFailed':
      return { ...state, running: null };
    case 'ExportDownloaded':
      return { ...state, ready: state.ready.map((r) => (r.exportId === event.data.exportId ? { ...r, downloaded: true } : r)) };
    default:
      return state;
  }
}

/** [] when an export of this person is already running: the caller answers that one. */
export function decideRequestExport(
  state: ExportState,
  input: { exportId: string; personId: string; requestedBy: string | null },
  now: Date,
): ExportRequested[] {
  if (state.running) return [];
  return [{ type: 'ExportRequested', data: { ...input, at: now.toISOString() } }];
}

function assertRunning(state: ExportState, exportId: string) {
  if (state.running !== exportId) throw conflict(ExportMessages.notRunning);
}

export function decideProgress(state: ExportState, input: { exportId: string; personId: string; done: number; total: number }) {
  assertRunning(state, input.exportId);
  if (!Number.isInteger(input.done) || !Number.isInteger(input.total) || input.done < 0 || input.done > input.total || input.total > 100)
    throw badInput(ExportMessages.tooManyParts);
  return [{ type: 'ExportProgressed', data: input } satisfies ExportProgressed];
}

export function decideReady(
  state: ExportState,
  input: { exportId: string; personId: string; storageKey: string; bytes: number; tokenHash: string },
  now: Date,
): ExportReady[] {
  assertRunning(state, input.exportId);
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * 24 * 3_600_000).toISOString();
  return [{ type: 'ExportReady', data: { ...input, expiresAt, at: now.toISOString() } }];
}

export function decideFailed(state: ExportState, input: { exportId: string; personId: string; reason: string }, now: Date): ExportFailed[] {
  assertRunning(state, input.exportId);
  return [{ type: 'ExportFailed', data: { ...input, reason: input.reason.slice(0, 500), at: now.toISOString() } }];
}

/** The export a link's token opens, once: refused when unknown, used or expired. */
export function decideDownload(
  state: ExportState,
  input: { personId: string; tokenHash: string },
  now: Date,
): { storageKey: string; events: ExportDownloaded[] } {
  const found = state.ready.find((r) => r.tokenHash === input.tokenHash);
  if (!found) throw notFound(ExportMessages.linkUnknown);
  if (found.downloaded) throw conflict(ExportMessages.linkUsed);
  if (Date.parse(found.expiresAt) <= now.getTime()) throw conflict(ExportMessages.linkExpired);
  return {
    storageKey: found.storageKey,
    events: [{ type: 'ExportDownloaded', data: { exportId: found.exportId, personId: input.personId, at: now.toISOString() } }],
  };
}

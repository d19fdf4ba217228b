/**
 * The connection history table's rows (spec 2, "Conversation details panels"): each connection
 * from its connected event to the disconnected one that follows, or still open ('CURRENTLY
 * CONNECTED'), with its length; the total is the server's `connectedFor`.
 */
export interface ParticipantEventLike {
  kind: string;
  sequence: number;
  timestamp: string;
}

export interface ConnectionRow {
  connectedOn: string;
  disconnectedOn: string | null;
  /** Seconds; for an open connection, up to `now`. */
  seconds: number;
}

export function connectionRows(events: readonly ParticipantEventLike[], now: Date): ConnectionRow[] {
  const rows: ConnectionRow[] = [];
  for (const e of [...events].sort((a, b) => a.sequence - b.sequence)) {
    if (e.kind === 'connected') rows.push({ connectedOn: e.timestamp, disconnectedOn: null, seconds: 0 });
    else if (e.kind === 'disconnected' && rows.length && rows[rows.length - 1].disconnectedOn === null)
      rows[rows.length - 1].disconnectedOn = e.timestamp;
  }
  for (const r of rows)
    r.seconds = Math.max(0, Math.round((Date.parse(r.disconnectedOn ?? now.toISOString()) - Date.parse(r.connectedOn)) / 1000));
  return rows;
}

/** 75 → '1:15', 3600 → '1:00:00'. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * History read model (the audit trail, per person): every event of a person's streams —
 * account-<id>, minutes-<id> and the notifications sent to them — as a message worded in the
 * reader's language (issue 32), with who did it (the event's actor) and when. The event log stays
 * the source of truth; this is its readable, paged view for the History tab. Actors are shown by their current email address (and name, once
 * profiles exist), kept in this read model's own `actors` table.
 *
 * Other contexts add their events here (enrollments, conversations …): a `describe` case, its
 * message in the server's catalogs (`history.*`), the type in `handles`, and the account the event
 * belongs to.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { ConnectionSource } from '../connectionSource';

/**
 * What happened, as a message of the server's catalogs (`history.<id>`, services/i18n) and its
 * values: codes (roles, a transport, a minute action) and the event's own data. Worded when read,
 * in the reader's language (services/i18n/history.ts).
 */
export interface HistoryMessage {
  id: string;
  values: Record<string, string | number | string[]>;
}

const message = (id: string, values: HistoryMessage['values'] = {}): HistoryMessage => ({ id, values });

/** The event as a message (what happened; who and when are columns of their own). */
export function describe(e: { type: string; data: any }, context: { subject?: string | null } = {}): HistoryMessage {
  const d = e.data;
  switch (e.type) {
    case 'AccountRegistered': {
      const roles = d.roles ?? [];
      if (d.via === 'self_signup') return message('signedUp', { roles });
      if (d.via === 'invitation') return message('signedUpInvited', { roles });
      if (d.via === 'lti') return message('signedUpLti', { roles });
      if (d.via === 'single_sign_on') return message('signedUpSchool', { roles });
      return message('created', { roles });
    }
    case 'SignedIn':
      return d.ip ? message('signedInFrom', { ip: d.ip }) : message('signedIn');
    case 'SignedOut':
      return message('signedOut');
    case 'IdentityProviderLinked':
      return message(d.via === 'just_in_time' ? 'schoolSignIn' : 'schoolLinked');
    case 'PasswordResetRequested':
      return message('resetRequested');
    case 'PasswordChanged':
      return message('passwordChanged');
    case 'RolesChanged':
      return message('rolesChanged', { added: d.added ?? [], removed: d.removed ?? [], roles: d.roles ?? [] });
    case 'ActiveRoleSwitched':
      return message('roleSwitched', { role: d.role });
    case 'EmailAddressChanged':
      return message('emailChanged', { from: d.previousEmailAddress, to: d.emailAddress });
    case 'MinutesChanged':
      return message('minutes', {
        quantity: d.minuteQuantity,
        action: d.action,
        reason: d.actionReason ?? '',
        balance: d.balanceAfter,
      });
    case 'NotificationQueued':
      return message('queued', { subject: d.subject, emailAddress: d.recipient.emailAddress });
    case 'NotificationSent':
      return message('sent', { subject: context.subject ?? '', transport: d.transportType });
    case 'NotificationFailed':
      return message('failed', { subject: context.subject ?? '', attempt: d.attempt, error: d.error });
    default:
      return message('other', { type: e.type });
  }
}

/**
 * Who did it: the event's actor; for what a person does before they are signed in (signing up,
 * signing in, resetting their password with a link) the person themselves. Otherwise null:
 * Tertulia itself (sending mail, jobs).
 */
function actorOf(e: StoredEvent, accountId: string): string | null {
  if (e.metadata.actorId) return e.metadata.actorId;
  const selfService =
    (e.type === 'AccountRegistered' && e.data.via !== 'seed') ||
    e.type === 'SignedIn' ||
    e.type === 'SignedOut' ||
    e.type === 'PasswordChanged';
  return selfService && e.streamId === `account-${accountId}` ? accountId : null;
}

const ACCOUNT_EVENTS = [
  'AccountRegistered',
  'SignedIn',
  'SignedOut',
  'PasswordResetRequested',
  'PasswordChanged',
  'RolesChanged',
  'ActiveRoleSwitched',
  'EmailAddressChanged',
  'IdentityProviderLinked',
];

export const historyProjector: Projector = {
  name: 'history',
  lane: 'background',
  // 4: a school's sign-in: AccountRegistered via single_sign_on and IdentityProviderLinked (issue 33).
  // 5: a message and its values instead of an English sentence, worded in the reader's language (issue 32).
  version: 5,
  handles: [...ACCOUNT_EVENTS, 'MinutesChanged', 'NotificationQueued', 'NotificationSent', 'NotificationFailed'],
  schema: `
    CREATE TABLE entries (
      position bigint PRIMARY KEY,
      account_id text NOT NULL,
      stream_id text NOT NULL,
      event_type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor_id text,
      message text NOT NULL,
      params jsonb NOT NULL
    );
    CREATE INDEX entries_account ON entries (account_id, occurred_at, position);
    CREATE INDEX entries_account_type ON entries (account_id, event_type, occurred_at, position);
    CREATE TABLE actors (account_id text PRIMARY KEY, email_address text NOT NULL, display_name text);
    CREATE TABLE notification_recipients (notification_id text PRIMARY KEY, account_id text, subject text NOT NULL);`,
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const rows: {
      position: string;
      accountId: string;
      stream: string;
      type: string;
      at: string;
      actor: string | null;
      said: HistoryMessage;
    }[] = [];
    const add = (e: StoredEvent, accountId: string, said: HistoryMessage) =>
      rows.push({
        position: e.position,
        accountId,
        stream: e.streamId,
        type: e.type,
        at: e.metadata.occurredAt,
        actor: actorOf(e, accountId),
        said,
      });
    const recipients = new Map<string, { accountId: string | null; subject: string }>();
    const later: StoredEvent[] = [];
    for (const e of events) {
      if (ACCOUNT_EVENTS.includes(e.type)) {
        const accountId = e.streamId.slice('account-'.length);
        if (e.type === 'AccountRegistered') {
          await db.query('INSERT INTO actors (account_id, email_address) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING', [
            accountId,
            e.data.emailAddress,
          ]);
        } else if (e.type === 'EmailAddressChanged') {
          await db.query('UPDATE actors SET email_address = $2 WHERE account_id = $1', [accountId, e.data.emailAddress]);
        }
        add(e, accountId, describe(e));
      } else if (e.type === 'MinutesChanged') {
        add(e, e.data.accountId, describe(e));
      } else if (e.type === 'NotificationQueued') {
        const notificationId = e.streamId.slice('notification-'.length);
        const accountId = e.data.recipient.accountId as string | null;
        recipients.set(notificationId, { accountId, subject: e.data.subject });
        if (accountId) add(e, accountId, describe(e));
      } else {
        later.push(e);
      }
    }
    // Recipients in one statement each way: those queued in this batch are known already.
    if (recipients.size) {
      const queued = [...recipients];
      await db.query(
        `INSERT INTO notification_recipients (notification_id, account_id, subject)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
        [queued.map(([id]) => id), queued.map(([, r]) => r.accountId), queued.map(([, r]) => r.subject)],
      );
    }
    const unknown = [...new Set(later.map((e) => e.streamId.slice('notification-'.length)).filter((id) => !recipients.has(id)))];
    if (unknown.length) {
      const { rows: found } = await db.query(
        'SELECT notification_id, account_id, subject FROM notification_recipients WHERE notification_id = ANY($1::text[])',
        [unknown],
      );
      for (const r of found) recipients.set(r.notification_id, { accountId: r.account_id, subject: r.subject });
    }
    for (const e of later) {
      const recipient = recipients.get(e.streamId.slice('notification-'.length));
      if (recipient?.accountId) add(e, recipient.accountId, describe(e, { subject: recipient.subject }));
    }
    if (!rows.length) return;
    await db.query(
      `INSERT INTO entries (position, account_id, stream_id, event_type, occurred_at, actor_id, message, params)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::jsonb[])
       ON CONFLICT (position) DO NOTHING`,
      [
        rows.map((r) => r.position),
        rows.map((r) => r.accountId),
        rows.map((r) => r.stream),
        rows.map((r) => r.type),
        rows.map((r) => r.at),
        rows.map((r) => r.actor),
        rows.map((r) => r.said.id),
        rows.map((r) => JSON.stringify(r.said.values)),
      ],
    );
  },
};

export interface HistoryEntryRow {
  id: string;
  accountId: string;
  eventType: string;
  occurredAt: Date;
  /** What happened, worded by the HistoryEntry resolver in the reader's language. */
  said: HistoryMessage;
  actor: { id: string; emailAddress: string | null; displayName: string | null } | null;
}

/** One person's history, newest first by default. */
export function historyOf(accountId: string): ConnectionSource<HistoryEntryRow> {
  return {
    from: `(SELECT e.*, a.email_address AS actor_email, a.display_name AS actor_name
              FROM rm_history.entries e LEFT JOIN rm_history.actors a ON a.account_id = e.actor_id) AS h`,
    key: 'position',
    keyType: 'bigint',
    fields: {
      id: { column: 'position', type: 'bigint' },
      eventType: { column: 'event_type', type: 'text' },
      occurredAt: { column: 'occurred_at', type: 'timestamptz' },
    },
    defaultSort: [{ field: 'occurredAt', direction: 'DESC' }],
    scope: (param) => `account_id = ${param(accountId)}`,
    toNode: (r) => ({
      id: String(r.position),
      accountId: r.account_id,
      eventType: r.event_type,
      occurredAt: r.occurred_at,
      said: { id: r.message, values: r.params },
      actor: r.actor_id ? { id: r.actor_id, emailAddress: r.actor_email, displayName: r.actor_name } : null,
    }),
  };
}

/**
 * Notifications read model: one row per mail (recipient, sender, subject, transport, template key and
 * values, created time, latest event) and its event timeline (queued, sent, failed; delivered and
 * opened later, where a transport reports them), for the back-office.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port';
import type { Projector } from '../../services/feed/projector';
import type { ConnectionField, ConnectionSource } from '../connectionSource';
import { isSupportedLocale, type Locale } from '../../contracts/i18n/locales';

const notificationIdOf = (e: StoredEvent) => e.streamId.slice('notification-'.length);

/** The timeline's words for an event's details. */
export function notificationEventDetails(e: { type: string; data: any }): string {
  switch (e.type) {
    case 'NotificationQueued':
      return `Queued for ${e.data.recipient.emailAddress} through ${e.data.transportType}.`;
    case 'NotificationSent':
      return `Handed to ${e.data.transportType}${e.data.messageId ? ` (message id ${e.data.messageId})` : ''}.`;
    case 'NotificationFailed':
      return `Attempt ${e.data.attempt} failed: ${e.data.error}${e.data.willRetry ? ' It will be retried.' : ' No more attempts.'}`;
    default:
      return '';
  }
}

export const notificationsProjector: Projector = {
  name: 'notifications',
  lane: 'background',
  version: 4,
  handles: ['NotificationQueued', 'NotificationSent', 'NotificationFailed'],
  schema: `
    CREATE TABLE notifications (
      id text PRIMARY KEY,
      recipient_account_id text,
      recipient_email text NOT NULL,
      from_address text NOT NULL,
      subject text NOT NULL,
      transport_type text NOT NULL,
      template_key text NOT NULL,
      template_value jsonb NOT NULL,
      locale text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      latest_event_type text NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      queued_position bigint NOT NULL
    );
    CREATE INDEX notifications_created ON notifications (created_at, id);
    CREATE INDEX notifications_updated ON notifications (updated_at, id);
    CREATE INDEX notifications_recipient ON notifications (recipient_account_id, created_at, id);
    CREATE INDEX notifications_recipient_email ON notifications (recipient_email, id);
    CREATE INDEX notifications_latest ON notifications (latest_event_type, created_at, id);
    CREATE INDEX notifications_template ON notifications (template_key, created_at, id);
    CREATE INDEX notifications_transport ON notifications (transport_type, created_at, id);
    CREATE INDEX notifications_subject ON notifications (subject, id);
    CREATE INDEX notifications_from ON notifications (from_address, id);
    CREATE INDEX notifications_recipient_email_trgm ON notifications USING gin (recipient_email gin_trgm_ops);
    CREATE INDEX notifications_subject_trgm ON notifications USING gin (subject gin_trgm_ops);
    CREATE TABLE notification_events (
      notification_id text NOT NULL,
      position bigint NOT NULL,
      event_type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      details text NOT NULL,
      PRIMARY KEY (notification_id, position)
    );
    CREATE TABLE template_stats (
      template_key text PRIMARY KEY,
      messages int NOT NULL DEFAULT 0,
      sent int NOT NULL DEFAULT 0,
      failed_attempts int NOT NULL DEFAULT 0,
      last_queued_at timestamptz,
      latest_subject text,
      latest_subject_position bigint,
      latest_event_type text,
      latest_event_at timestamptz,
      latest_event_position bigint
    );`,
  // Five statements a batch, whatever its size: the mail of a busy hour (two per reservation,
  // each queued and sent) would otherwise be several round trips an event. Per template, the
  // counts of the mail templates table move with the same batch (messages queued, sends, failed
  // attempts, the latest subject and event). "Latest" is by the log's position, never by time: two
  // mails of one append tie on their time, and a replay must pick the same one as the live run.
  async apply(events: StoredEvent[], db: pg.PoolClient) {
    const created: StoredEvent[] = [];
    const changed = new Map<string, { type: string; at: string; attempts: number; transport: string | null }>();
    for (const e of events) {
      if (e.type === 'NotificationQueued') {
        created.push(e);
        continue;
      }
      const id = notificationIdOf(e);
      const change = changed.get(id) ?? { type: e.type, at: e.metadata.occurredAt, attempts: 0, transport: null };
      change.type = e.type;
      change.at = e.metadata.occurredAt;
      change.attempts += 1;
      if (e.type === 'NotificationSent' && e.data.transportType) change.transport = e.data.transportType;
      changed.set(id, change);
    }
    if (created.length) {
      const column = (f: (e: StoredEvent) => unknown) => created.map(f);
      await db.query(
        `WITH inserted AS (
           INSERT INTO notifications (id, recipient_account_id, recipient_email, from_address, subject, transport_type, template_key,
             template_value, locale, created_at, updated_at, latest_event_type, queued_position)
           SELECT id, account, email, sender, subject, transport, template, value::jsonb, locale, at, at, 'NotificationQueued', pos
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::bigint[], $11::text[])
               AS x(id, account, email, sender, subject, transport, template, value, at, pos, locale)
           ON CONFLICT (id) DO NOTHING
           RETURNING template_key, subject, created_at, queued_position)
         INSERT INTO template_stats AS s (template_key, messages, last_queued_at, latest_subject, latest_subject_position, latest_event_type, latest_event_at, latest_event_position)
         SELECT template_key, count(*), max(created_at), (array_agg(subject ORDER BY queued_position DESC))[1], max(queued_position),
                'NotificationQueued', (array_agg(created_at ORDER BY queued_position DESC))[1], max(queued_position)
           FROM inserted GROUP BY template_key
         ON CONFLICT (template_key) DO UPDATE SET
           messages = s.messages + EXCLUDED.messages,
           last_queued_at = GREATEST(s.last_queued_at, EXCLUDED.last_queued_at),
           latest_subject = CASE WHEN EXCLUDED.latest_subject_position > s.latest_subject_position THEN EXCLUDED.latest_subject ELSE s.latest_subject END,
           latest_subject_position = GREATEST(s.latest_subject_position, EXCLUDED.latest_subject_position),
           latest_event_type = CASE WHEN EXCLUDED.latest_event_position > s.latest_event_position THEN EXCLUDED.latest_event_type ELSE s.latest_event_type END,
           latest_event_at = CASE WHEN EXCLUDED.latest_event_position > s.latest_event_position THEN EXCLUDED.latest_event_at ELSE s.latest_event_at END,
           latest_event_position = GREATEST(s.latest_event_position, EXCLUDED.latest_event_position)`,
        [
          column(notificationIdOf),
          column((e) => e.data.recipient.accountId),
          column((e) => e.data.recipient.emailAddress),
          column((e) => e.data.fromAddress),
          column((e) => e.data.subject),
          column((e) => e.data.transportType),
          column((e) => e.data.templateKey),
          column((e) => JSON.stringify(e.data.templateValue ?? {})),
          column((e) => e.metadata.occurredAt),
          column((e) => e.position),
          column((e) => e.data.locale ?? null),
        ],
      );
    }
    if (changed.size) {
      const changes = [...changed];
      await db.query(
        `UPDATE notifications AS n SET latest_event_type = c.type, updated_at = c.at, attempts = n.attempts + c.attempts,
           transport_type = coalesce(c.transport, n.transport_type)
         FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[]) AS c(id, type, at, attempts, transport)
         WHERE n.id = c.id`,
        [
          changes.map(([id]) => id),
          changes.map(([, c]) => c.type),
          changes.map(([, c]) => c.at),
          changes.map(([, c]) => c.attempts),
          changes.map(([, c]) => c.transport),
        ],
      );
    }
    const outcomes = events.filter((e) => e.type !== 'NotificationQueued');
    if (outcomes.length) {
      await db.query(
        `UPDATE template_stats AS s SET
           sent = s.sent + x.sent, failed_attempts = s.failed_attempts + x.failed,
           latest_event_type = CASE WHEN x.pos > s.latest_event_position THEN x.latest ELSE s.latest_event_type END,
           latest_event_at = CASE WHEN x.pos > s.latest_event_position THEN x.at ELSE s.latest_event_at END,
           latest_event_position = GREATEST(s.latest_event_position, x.pos)
         FROM (SELECT n.template_key, count(*) FILTER (WHERE o.type = 'NotificationSent') AS sent,
                 count(*) FILTER (WHERE o.type = 'NotificationFailed') AS failed, max(o.pos) AS pos,
                 (array_agg(o.type ORDER BY o.pos DESC))[1] AS latest, (array_agg(o.at ORDER BY o.pos DESC))[1] AS at
                 FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::bigint[]) AS o(id, type, at, pos)
                 JOIN notifications n ON n.id = o.id GROUP BY n.template_key) AS x
         WHERE s.template_key = x.template_key`,
        [
          outcomes.map(notificationIdOf),
          outcomes.map((e) => e.type),
          outcomes.map((e) => e.metadata.occurredAt),
          outcomes.map((e) => e.position),
        ],
      );
    }
    await db.query(
      `INSERT INTO notification_events (notification_id, position, event_type, occurred_at, details)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[], $5::text[])
       ON CONFLICT DO NOTHING`,
      [
        events.map(notificationIdOf),
        events.map((e) => e.position),
        events.map((e) => e.type),
        events.map((e) => e.metadata.occurredAt),
        events.map(notificationEventDetails),
      ],
    );
  },
};

/** Whom a notification went to: an account, or an address with none (an invitation). */
export interface NotificationRecipientRow {
  id: string | null;
  emailAddress: string;
}

export interface NotificationRow {
  id: string;
  recipient: NotificationRecipientRow;
  fromAddress: string;
  subject: string;
  transportType: string;
  templateKey: string;
  templateValue: Record<string, string>;
  /** The language the mail was written in (absent: English). */
  locale: Locale | null;
  createdAt: Date;
  updatedAt: Date;
  latestEventType: string;
}

export const toNotification = (r: any): NotificationRow => ({
  id: r.id,
  recipient: { id: r.recipient_account_id, emailAddress: r.recipient_email },
  fromAddress: r.from_address,
  subject: r.subject,
  transportType: r.transport_type,
  templateKey: r.template_key,
  templateValue: r.template_value,
  locale: isSupportedLocale(r.locale) ? r.locale : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  latestEventType: r.latest_event_type,
});

export const NOTIFICATION_FIELDS: Record<string, ConnectionField> = {
  id: { column: 'id', type: 'text' },
  recipient_id: { column: 'recipient_account_id', type: 'text', nullable: true, sortable: false },
  recipient_emailAddress: { column: 'recipient_email', type: 'text' },
  fromAddress: { column: 'from_address', type: 'text' },
  subject: { column: 'subject', type: 'text' },
  transportType: { column: 'transport_type', type: 'text' },
  templateKey: { column: 'template_key', type: 'text' },
  latestEventType: { column: 'latest_event_type', type: 'text' },
  createdAt: { column: 'created_at', type: 'timestamptz' },
  updatedAt: { column: 'updated_at', type: 'timestamptz' },
};

export const notificationsSource: ConnectionSource<NotificationRow> = {
  from: 'rm_notifications.notifications',
  fields: NOTIFICATION_FIELDS,
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
  toNode: toNotification,
};

/** One person's mail. */
export const notificationsFor = (accountId: string): ConnectionSource<NotificationRow> => ({
  ...notificationsSource,
  scope: (param) => `recipient_account_id = ${param(accountId)}`,
});

export async function findNotification(pool: pg.Pool, id: string): Promise<NotificationRow | null> {
  const { rows } = await pool.query('SELECT * FROM rm_notifications.notifications WHERE id = $1', [id]);
  return rows[0] ? toNotification(rows[0]) : null;
}

export async function notificationTimeline(pool: pg.Pool, id: string) {
  const { rows } = await pool.query(
    'SELECT event_type, occurred_at, details FROM rm_notifications.notification_events WHERE notification_id = $1 ORDER BY position',
    [id],
  );
  return rows.map((r) => ({ eventType: r.event_type, updatedAt: r.occurred_at, details: r.details }));
}

/**
 * The mail templates table: every template the product sends (its keys come from the code, so one
 * never sent shows too, with nothing counted), with the messages queued, the sends, the failed
 * attempts, the latest subject and the latest event.
 */
export interface MailTemplateRow {
  id: string;
  templateKey: string;
  messages: number;
  sent: number;
  failedAttempts: number;
  lastQueuedOn: Date | null;
  latestSubject: string | null;
  latestEventType: string | null;
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function mailTemplatesSource(templateKeys: readonly string[]): ConnectionSource<MailTemplateRow> {
  const keys = templateKeys.map((k) => `(${sqlText(k)})`).join(', ');
  return {
    from: `(SELECT k.template_key, coalesce(s.messages, 0) AS messages, coalesce(s.sent, 0) AS sent, coalesce(s.failed_attempts, 0) AS failed_attempts,
        s.last_queued_at, s.latest_subject, s.latest_event_type
      FROM (VALUES ${keys}) AS k(template_key) LEFT JOIN rm_notifications.template_stats s ON s.template_key = k.template_key) AS mail_templates`,
    key: 'template_key',
    fields: {
      templateKey: { column: 'template_key', type: 'text' },
      messages: { column: 'messages', type: 'int' },
      sent: { column: 'sent', type: 'int' },
      failedAttempts: { column: 'failed_attempts', type: 'int' },
      lastQueuedOn: { column: 'last_queued_at', type: 'timestamptz', nullable: true },
      latestSubject: { column: 'latest_subject', type: 'text', nullable: true },
      latestEventType: { column: 'latest_event_type', type: 'text', nullable: true },
    },
    defaultSort: [{ field: 'templateKey', direction: 'ASC' }],
    toNode: (r: any): MailTemplateRow => ({
      id: r.template_key,
      templateKey: r.template_key,
      messages: r.messages,
      sent: r.sent,
      failedAttempts: r.failed_attempts,
      lastQueuedOn: r.last_queued_at,
      latestSubject: r.latest_subject,
      latestEventType: r.latest_event_type,
    }),
  };
}

/**
 * Local mail stand-in: "sending" stores the message in a dev mailbox table that the running
 * product shows at /dev/mailbox, where a user can open it and click its links.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { migrate, type Migration } from '../../db/migrate';
import type { MailAttachment, MailTransport, OutgoingMail } from './port';

export const outboxMigrations: Migration[] = [
  {
    id: '001_dev_mailbox',
    up: `CREATE TABLE dev_mailbox (
      id text PRIMARY KEY, notification_id text, from_address text NOT NULL, to_address text NOT NULL,
      subject text NOT NULL, text_body text NOT NULL, html_body text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX dev_mailbox_sent_at ON dev_mailbox (sent_at DESC);`,
    down: 'DROP TABLE dev_mailbox',
  },
  {
    // Attachments (calendar invitations) as sent: [{ filename, contentType, content }].
    id: '002_dev_mailbox_attachments',
    up: `ALTER TABLE dev_mailbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;`,
    down: 'ALTER TABLE dev_mailbox DROP COLUMN attachments',
  },
];

export async function migrateOutbox(pool: pg.Pool) {
  await migrate(pool, 'mail_outbox', outboxMigrations);
}

export interface MailboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
  attachments: MailAttachment[];
}

export function createOutboxTransport(pool: pg.Pool): MailTransport & {
  list(to?: string): Promise<MailboxMessage[]>;
  get(id: string): Promise<MailboxMessage | null>;
  /** Messages whose notification is one of these (tests and tools). */
  byNotification(notificationIds: readonly string[]): Promise<MailboxMessage[]>;
} {
  const toMessage = (r: any): MailboxMessage => ({
    id: r.id,
    from: r.from_address,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    sentAt: r.sent_at,
    attachments: r.attachments ?? [],
  });
  return {
    type: 'local_outbox',
    async send(mail: OutgoingMail) {
      const id = `local-${crypto.randomUUID()}`;
      await pool.query(
        `INSERT INTO dev_mailbox (id, notification_id, from_address, to_address, subject, text_body, html_body, attachments)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, mail.notificationId, mail.from, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.attachments ?? [])],
      );
      return { messageId: id };
    },
    async list(to?: string) {
      const { rows } = await pool.query(
        `SELECT * FROM dev_mailbox WHERE $1::text IS NULL OR lower(to_address) = lower($1) ORDER BY sent_at DESC LIMIT 200`,
        [to ?? null],
      );
      return rows.map(toMessage);
    },
    async get(id: string) {
      const { rows } = await pool.query('SELECT * FROM dev_mailbox WHERE id = $1', [id]);
      return rows[0] ? toMessage(rows[0]) : null;
    },
    async byNotification(notificationIds: readonly string[]) {
      const { rows } = await pool.query('SELECT * FROM dev_mailbox WHERE notification_id = ANY($1::text[]) ORDER BY sent_at', [
        [...notificationIds],
      ]);
      return rows.map(toMessage);
    },
  };
}

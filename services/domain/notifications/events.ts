import type { Locale } from '../../../contracts/i18n/locales';
import type { DomainEvent } from '../shared/decider';

/** Events of a notification (one mail), stream notification-<id>. The event log is its timeline. */
export type NotificationQueued = DomainEvent<
  'NotificationQueued',
  {
    notificationId: string;
    recipient: { accountId: string | null; emailAddress: string };
    fromAddress: string;
    subject: string;
    templateKey: string;
    /** Values the template was filled with; secrets (such as reset links) are never stored. */
    templateValue: Record<string, string>;
    transportType: string;
    /** The recipient's language the mail is written in (issue 32); absent: English. */
    locale?: Locale;
    /**
     * True when the mail has secrets (a reset link): they travel sealed in its job, which the command
     * enqueues after it commits, never in an event. Absent otherwise: the job dispatcher enqueues the
     * job from the feed (services/jobs/dispatch.ts).
     */
    secretsSealed?: true;
  }
>;
export type NotificationSent = DomainEvent<'NotificationSent', { messageId: string; transportType: string }>;
export type NotificationFailed = DomainEvent<'NotificationFailed', { error: string; attempt: number; willRetry: boolean }>;
export type NotificationEvent = NotificationQueued | NotificationSent | NotificationFailed;

export const notificationStream = (id: string) => `notification-${id}`;

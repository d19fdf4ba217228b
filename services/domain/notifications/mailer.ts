/**
 * Mail as events: a command queues a notification (NotificationQueued) in its own transaction; a
 * job renders and sends it through the mail port and records NotificationSent or
 * NotificationFailed. The job comes from the feed (services/jobs/dispatch.ts), in the transaction
 * that moves the dispatcher past the event, so no crash can lose it; a mail with secrets (a reset
 * link) has its job enqueued by the command after commit instead, the secrets sealed in it, never
 * stored in events. Every mail sent ends with the link to its public page (/mail/<publicToken>,
 * services/security/mailTokens.ts).
 */
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import type { CommandExecutor, CommandTransaction } from '../../commands/execute';
import type { EventStore } from '../../eventstore/port';
import type { MailTransport } from '../../integrations/mail/port';
import { mailPageUrl, notificationPublicToken } from '../../security/mailTokens';
import { seal, unseal } from '../../security/tokens';
import { SYSTEM_ACTOR, fold } from '../shared/decider';
import { newId } from '../shared/ids';
import { renderMail, withBrowserLink } from './templates';
import { notificationStream, type NotificationEvent, type NotificationQueued } from './events';

export interface MailJob {
  notificationId: string;
  sealedSecrets: string | null;
}

export interface Mailer {
  /** Queues a mail inside a command (its job comes from the feed, or after commit when it has secrets). */
  queue(
    tx: CommandTransaction,
    mail: {
      recipient: { accountId: string | null; emailAddress: string };
      templateKey: string;
      templateValue: Record<string, string>;
      secrets?: Record<string, string>;
      /** The recipient's language (issue 32); English when not given. */
      locale?: Locale;
    },
  ): string;
  /** Sends a queued notification (the job's work). Safe to run twice: a sent mail is not resent. */
  deliver(job: MailJob, attempt: number, maxAttempts: number): Promise<void>;
}

export function createMailer(deps: {
  store: EventStore;
  commands: CommandExecutor;
  transport: MailTransport;
  fromAddress: string;
  serverSecret: string;
  /** PUBLIC_URL: every mail links to its public page there. */
  publicUrl: string;
  /** Enqueues the job of a mail with secrets, after its command committed. */
  enqueue: (job: MailJob) => Promise<void>;
}): Mailer {
  return {
    queue(tx, mail) {
      const notificationId = newId();
      const rendered = renderMail(mail.templateKey, mail.templateValue, {}, mail.locale);
      const queued: NotificationQueued = {
        type: 'NotificationQueued',
        data: {
          notificationId,
          recipient: mail.recipient,
          fromAddress: deps.fromAddress,
          subject: rendered.subject,
          templateKey: mail.templateKey,
          templateValue: mail.templateValue,
          transportType: deps.transport.type,
          ...(mail.locale && mail.locale !== DEFAULT_LOCALE ? { locale: mail.locale } : {}),
          ...(mail.secrets ? { secretsSealed: true as const } : {}),
        },
      };
      tx.append(notificationStream(notificationId), [queued], 'no_stream');
      if (mail.secrets) {
        const sealedSecrets = seal(deps.serverSecret, JSON.stringify(mail.secrets));
        tx.afterCommit(() => deps.enqueue({ notificationId, sealedSecrets }));
      }
      return notificationId;
    },

    async deliver(job, attempt, maxAttempts) {
      const stream = notificationStream(job.notificationId);
      const stored = await deps.store.readStream(stream);
      const events = stored as unknown as NotificationEvent[];
      const state = fold(
        (s: { queued: NotificationQueued['data'] | null; sent: boolean }, e: NotificationEvent) =>
          e.type === 'NotificationQueued' ? { ...s, queued: e.data } : e.type === 'NotificationSent' ? { ...s, sent: true } : s,
        { queued: null, sent: false },
        events,
      );
      if (!state.queued || state.sent) return;
      const secrets = job.sealedSecrets ? JSON.parse(unseal(deps.serverSecret, job.sealedSecrets)) : {};
      // Every mail ends with the link to its public page ('View this mail in your browser').
      const browserUrl = mailPageUrl(deps.publicUrl, notificationPublicToken(deps.serverSecret, job.notificationId));
      const locale = state.queued.locale ?? DEFAULT_LOCALE;
      const rendered = withBrowserLink(
        renderMail(state.queued.templateKey, state.queued.templateValue, secrets, locale),
        browserUrl,
        locale,
      );
      try {
        const { messageId } = await deps.transport.send({
          from: state.queued.fromAddress,
          to: state.queued.recipient.emailAddress,
          ...rendered,
          notificationId: job.notificationId,
        });
        // Appended at the version read above (one statement fewer a mail); should anything have been
        // appended since, the command reads the stream again and appends after it.
        let readVersion: number | null = stored[stored.length - 1].streamVersion;
        await deps.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
          const sent: NotificationEvent[] = [{ type: 'NotificationSent', data: { messageId, transportType: deps.transport.type } }];
          if (readVersion !== null) {
            tx.append(stream, sent, readVersion);
            readVersion = null;
            return;
          }
          await tx.read(stream);
          tx.append(stream, sent);
        });
      } catch (error) {
        const willRetry = attempt < maxAttempts;
        await deps.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
          await tx.read(stream);
          tx.append(stream, [
            { type: 'NotificationFailed', data: { error: String((error as Error).message ?? error), attempt, willRetry } },
          ]);
        });
        throw error;
      }
    },
  };
}

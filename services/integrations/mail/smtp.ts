/** SMTP adapter through nodemailer, selected when SMTP_URL is set (e.g. smtps://user:pass@host:465). */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailTransport, OutgoingMail } from './port';

/** The iTIP method of a calendar attachment ('REQUEST', 'CANCEL'), from its content type. */
export const calendarMethodOf = (contentType: string) =>
  /^text\/calendar\b.*;\s*method=([A-Za-z-]+)/i.exec(contentType)?.[1]?.toUpperCase() ?? null;

/**
 * The message nodemailer sends. The first calendar attachment becomes the message's calendar part
 * (`icalEvent`: a text/calendar alternative with its method, also attached as a file), which is
 * what Gmail, Outlook and Apple Mail read to add, update or remove the event; others are attachments.
 */
export function toNodemailerMessage(mail: OutgoingMail): Mail.Options {
  const attachments = mail.attachments ?? [];
  const calendar = attachments.find((a) => calendarMethodOf(a.contentType));
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'X-Tertulia-Notification': mail.notificationId },
    ...(calendar
      ? { icalEvent: { filename: calendar.filename, method: calendarMethodOf(calendar.contentType)!, content: calendar.content } }
      : {}),
    ...(attachments.length > (calendar ? 1 : 0)
      ? {
          attachments: attachments
            .filter((a) => a !== calendar)
            .map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        }
      : {}),
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    type: 'smtp',
    async send(mail: OutgoingMail) {
      const info = await transporter.sendMail(toNodemailerMessage(mail));
      return { messageId: info.messageId };
    },
  };
}

/** SMTP adapter through nodemailer, selected when SMTP_URL is set (e.g. smtps://user:pass@host:465). */
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './port';

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    type: 'smtp',
    async send(mail: OutgoingMail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Tertulia-Notification': mail.notificationId },
      });
      return { messageId: info.messageId };
    },
  };
}

/** The mail port: the local outbox (embedded default) and SMTP (nodemailer) both implement it. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Our notification id, carried as a header so a transport's reports can be matched. */
  notificationId: string;
}

export interface MailTransport {
  readonly type: 'local_outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

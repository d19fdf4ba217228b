/** The mail port: the local outbox (embedded default) and SMTP (nodemailer) both implement it. */

/**
 * A file sent with a mail. Calendar invitations are `text/calendar; method=REQUEST` (or CANCEL):
 * SMTP sends them as the message's calendar part so mail clients offer to add or remove the event.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Our notification id, carried as a header so a transport's reports can be matched. */
  notificationId: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  readonly type: 'local_outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

import type { MailAttachment } from '../../integrations/mail/port';

/** A mail made from its template and values: what the templates of every context return. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Made by the sending job from the values (calendar invitations); never stored in an event. */
  attachments?: MailAttachment[];
}

/** Text placed in a mail's HTML: every character that could open markup or end an attribute, as an entity. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

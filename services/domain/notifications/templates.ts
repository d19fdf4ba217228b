/**
 * Mail templates by key. `values` are stored with the notification; `secrets` (links carrying
 * tokens) only travel sealed to the sending job and are shown as [redacted] in stored previews.
 */
import { catalogTemplates } from '../catalog/mailTemplates';
import { conversationTemplates } from '../conversations/mailTemplates';
import { accountTemplates } from './accountMailTemplates';
import { escapeHtml, type RenderedMail } from './renderedMail';

type Template = (values: Record<string, string>, secrets: Record<string, string>) => RenderedMail;

const templates: Record<string, Template> = {
  password_reset: (values, secrets) => {
    const link = secrets.resetLink ?? '[redacted]';
    return {
      subject: 'Reset your Tertulia password',
      text: [
        `Hello,`,
        ``,
        `Someone asked to reset the password of the Tertulia account for ${values.emailAddress}.`,
        `Open this link within ${values.validForMinutes} minutes to choose a new password:`,
        ``,
        link,
        ``,
        `If you did not ask for this, you can ignore this message; your password stays the same.`,
      ].join('\n'),
      html: `<p>Hello,</p><p>Someone asked to reset the password of the Tertulia account for ${escapeHtml(values.emailAddress)}.</p>
<p>Open this link within ${escapeHtml(values.validForMinutes)} minutes to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>If you did not ask for this, you can ignore this message; your password stays the same.</p>`,
    };
  },
  // Live support (issue 9): an answer that came while the visitor was away.
  support_answer: (values) => ({
    subject: 'Tertulia support answered you',
    text: [
      `Hello,`,
      ``,
      `Tertulia support answered your message:`,
      ``,
      values.answer,
      ``,
      `Open Help on Tertulia to reply: ${values.link}`,
    ].join('\n'),
    html: `<p>Hello,</p><p>Tertulia support answered your message:</p><blockquote style="white-space:pre-wrap">${escapeHtml(values.answer)}</blockquote>
<p><a href="${escapeHtml(values.link)}">Open Help on Tertulia to reply</a></p>`,
  }),
  // Speakers (issue 8): the invitation link carries the invitation token, so it is a secret.
  speaker_invitation: (values, secrets) => {
    const link = secrets.invitationLink ?? '[redacted]';
    return {
      subject: 'You are invited to speak on Tertulia',
      text: [
        `Hello,`,
        ``,
        `You are invited to join Tertulia as a speaker, holding conversations with language students.`,
        `Open this link to create your account for ${values.emailAddress}:`,
        ``,
        link,
        ``,
        `After you sign up we will schedule a short interview with you.`,
      ].join('\n'),
      html: `<p>Hello,</p><p>You are invited to join Tertulia as a speaker, holding conversations with language students.</p>
<p>Open this link to create your account for ${escapeHtml(values.emailAddress)}:</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>After you sign up we will schedule a short interview with you.</p>`,
    };
  },
  // Conversations (issue 8): reserved, canceled, transferred, reminder, with calendar files.
  ...conversationTemplates,
  ...catalogTemplates,
  // Issue 11: the welcome on sign-up and the receipt of every payment.
  ...accountTemplates,
};

/** Every template the product sends, by key. */
export const MAIL_TEMPLATE_KEYS: readonly string[] = Object.keys(templates).sort();

export function renderMail(templateKey: string, values: Record<string, string>, secrets: Record<string, string> = {}): RenderedMail {
  const template = templates[templateKey];
  if (!template) throw new Error(`Unknown mail template ${templateKey}`);
  return template(values, secrets);
}

/** The words of the link every mail ends with (its public page, Notification.publicToken). */
export const BROWSER_LINK_TEXT = 'View this mail in your browser';

/**
 * Every mail's layout as sent: the template's message, then the link to its public page
 * (`/mail/<publicToken>`), last, so a mail's own link stays its first.
 */
export function withBrowserLink(mail: RenderedMail, url: string): RenderedMail {
  return {
    ...mail,
    text: `${mail.text}\n\n${BROWSER_LINK_TEXT}: ${url}`,
    html: `${mail.html}\n<p style="margin-top:24px;font-size:12px;color:#555"><a href="${escapeHtml(url)}">${BROWSER_LINK_TEXT}</a></p>`,
  };
}

/**
 * A stored notification rendered again from its stored values, for reading (the admin's preview and
 * the public page): secrets were never stored, so links that carried one show as [redacted]; a
 * template no longer known shows its values as text under the stored subject. No attachments.
 */
export function renderStoredMail(n: {
  templateKey: string;
  templateValue: Record<string, string>;
  subject: string;
}): Omit<RenderedMail, 'attachments'> {
  try {
    const { subject, text, html } = renderMail(n.templateKey, n.templateValue);
    return { subject, text, html };
  } catch {
    const text = Object.entries(n.templateValue)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    return { subject: n.subject, text, html: `<pre>${escapeHtml(text)}</pre>` };
  }
}

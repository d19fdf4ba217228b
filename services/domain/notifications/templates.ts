/**
 * Mail templates by key. `values` are stored with the notification; `secrets` (links carrying
 * tokens) only travel sealed to the sending job and are shown as [redacted] in stored previews.
 */
import { catalogTemplates } from '../catalog/mailTemplates';
import { conversationTemplates } from '../conversations/mailTemplates';
import { notesTemplates } from '../conversations/notesMailTemplates';
import { classReminderTemplates } from '../enrollment/reminderMail';
import { accountTemplates } from './accountMailTemplates';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import { type ServerMessageId, translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from './renderedMail';

/**
 * A template renders in the recipient's language (issue 32); those not translated yet ignore it
 * and speak English.
 */
type Template = (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail;

const templates: Record<string, Template> = {
  password_reset: (values, secrets, locale) => {
    const link = secrets.resetLink ?? '[redacted]';
    const t = (id: ServerMessageId) => translate(locale, id, values);
    return {
      subject: t('mail.passwordReset.subject'),
      text: [
        t('mail.hello'),
        ``,
        t('mail.passwordReset.asked'),
        t('mail.passwordReset.openWithin'),
        ``,
        link,
        ``,
        t('mail.passwordReset.ignore'),
      ].join('\n'),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${escapeHtml(t('mail.passwordReset.asked'))}</p>
<p>${escapeHtml(t('mail.passwordReset.openWithin'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.passwordReset.action'))}</a></p>
<p>${escapeHtml(t('mail.passwordReset.ignore'))}</p>`,
    };
  },
  // Download my data (issue 34): the link carries the export's single-use token, so it is a secret.
  data_export_ready: (values, secrets, locale) => {
    const link = secrets.downloadLink ?? '[redacted]';
    const t = (id: ServerMessageId) => translate(locale, id, values);
    return {
      subject: t('mail.dataExport.subject'),
      text: [t('mail.hello'), ``, t('mail.dataExport.ready'), t('mail.dataExport.once'), ``, link, ``, t('mail.dataExport.ignore')].join(
        '\n',
      ),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${escapeHtml(t('mail.dataExport.ready'))}</p>
<p>${escapeHtml(t('mail.dataExport.once'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.dataExport.action'))}</a></p>
<p>${escapeHtml(t('mail.dataExport.ignore'))}</p>`,
    };
  },
  // Live support (issue 9): an answer that came while the visitor was away.
  support_answer: (values, _secrets, locale) => {
    const t = (id: ServerMessageId) => translate(locale, id, values);
    return {
      subject: t('mail.supportAnswer.subject'),
      text: [
        t('mail.hello'),
        ``,
        t('mail.supportAnswer.answered'),
        ``,
        values.answer,
        ``,
        `${t('mail.supportAnswer.reply')}: ${values.link}`,
      ].join('\n'),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${escapeHtml(t('mail.supportAnswer.answered'))}</p><blockquote style="white-space:pre-wrap">${escapeHtml(values.answer)}</blockquote>
<p><a href="${escapeHtml(values.link)}">${escapeHtml(t('mail.supportAnswer.reply'))}</a></p>`,
    };
  },
  // Speakers (issue 8): the invitation link carries the invitation token, so it is a secret.
  speaker_invitation: (values, secrets, locale) => {
    const link = secrets.invitationLink ?? '[redacted]';
    const t = (id: ServerMessageId) => translate(locale, id, values);
    return {
      subject: t('mail.speakerInvitation.subject'),
      text: [
        t('mail.hello'),
        ``,
        t('mail.speakerInvitation.invited'),
        t('mail.speakerInvitation.open'),
        ``,
        link,
        ``,
        t('mail.speakerInvitation.interview'),
      ].join('\n'),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${escapeHtml(t('mail.speakerInvitation.invited'))}</p>
<p>${escapeHtml(t('mail.speakerInvitation.open'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.speakerInvitation.action'))}</a></p>
<p>${escapeHtml(t('mail.speakerInvitation.interview'))}</p>`,
    };
  },
  // Conversations (issue 8): reserved, canceled, transferred, reminder, with calendar files.
  ...conversationTemplates,
  ...catalogTemplates,
  // Issue 11: the welcome on sign-up and the receipt of every payment.
  ...accountTemplates,
  // Issue 35: the speaker's notes arrived.
  ...notesTemplates,
  // Issue 35: the instructor's Remind from the class view.
  ...classReminderTemplates,
};

/** Every template the product sends, by key. */
export const MAIL_TEMPLATE_KEYS: readonly string[] = Object.keys(templates).sort();

export function renderMail(
  templateKey: string,
  values: Record<string, string>,
  secrets: Record<string, string> = {},
  locale: Locale = DEFAULT_LOCALE,
): RenderedMail {
  const template = templates[templateKey];
  if (!template) throw new Error(`Unknown mail template ${templateKey}`);
  return template(values, secrets, locale);
}

/** The words of the link every mail ends with (its public page, Notification.publicToken), in English. */
export const BROWSER_LINK_TEXT = translate(DEFAULT_LOCALE, 'mail.browserLink');

/**
 * Every mail's layout as sent: the template's message, then the link to its public page
 * (`/mail/<publicToken>`), last, so a mail's own link stays its first.
 */
export function withBrowserLink(mail: RenderedMail, url: string, locale: Locale = DEFAULT_LOCALE): RenderedMail {
  const words = translate(locale, 'mail.browserLink');
  return {
    ...mail,
    text: `${mail.text}\n\n${words}: ${url}`,
    html: `${mail.html}\n<p style="margin-top:24px;font-size:12px;color:#555"><a href="${escapeHtml(url)}">${escapeHtml(words)}</a></p>`,
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
  locale?: Locale | null;
}): Omit<RenderedMail, 'attachments'> {
  try {
    const { subject, text, html } = renderMail(n.templateKey, n.templateValue, {}, n.locale ?? DEFAULT_LOCALE);
    return { subject, text, html };
  } catch {
    const text = Object.entries(n.templateValue)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    return { subject: n.subject, text, html: `<pre>${escapeHtml(text)}</pre>` };
  }
}

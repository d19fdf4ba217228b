/**
 * Mail of the instructor's area (registered in ../notifications/templates.ts): a course offered
 * by a share invite (provisioning). Values: courseName, inviteNumber, link (the recipient's course
 * grid, where pending invites are accepted or rejected once signed in with the invited address).
 */
import type { Locale } from '../../../contracts/i18n/locales';
import { type ServerMessageId, translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';

export const catalogTemplates: Record<
  string,
  (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail
> = {
  course_share_invite: (values, _secrets, locale) => {
    const t = (id: ServerMessageId, extra: Record<string, string> = {}) => translate(locale, id, { ...values, ...extra });
    // The course's name in bold in the HTML: the sentence is made around a marker, then the marker is the escaped name.
    const marker = '\uE000';
    const [before, after] = escapeHtml(t('mail.courseShare.made', { courseName: marker })).split(marker);
    return {
      subject: t('mail.courseShare.subject'),
      text: [
        t('mail.hello'),
        ``,
        t('mail.courseShare.made'),
        t('mail.courseShare.signIn'),
        ``,
        values.link,
        ``,
        t('mail.courseShare.reject'),
      ].join('\n'),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${before}<strong>${escapeHtml(values.courseName)}</strong>${after ?? ''}</p>
<p>${escapeHtml(t('mail.courseShare.signIn'))}</p>
<p><a href="${escapeHtml(values.link)}">${escapeHtml(t('mail.courseShare.action'))}</a></p>
<p>${escapeHtml(t('mail.courseShare.reject'))}</p>`,
    };
  },
};

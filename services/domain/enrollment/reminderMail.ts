/**
 * The class view's reminder (issue 35), in the student's language: the lesson, its course, its due
 * date written in that language (a calendar day: never shifted through a zone), and where to reserve.
 * Values: courseName, lessonNumber, lessonTitle, dueOn ('YYYY-MM-DD' or ''), instructorName (or ''), link.
 */
import type { Locale } from '../../../contracts/i18n/locales';
import { type ServerMessageId, translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';

export const ClassReminderTemplates = { lessonReminder: 'lesson_reminder' } as const;

const dayIn = (locale: Locale, day: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export const classReminderTemplates: Record<
  string,
  (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail
> = {
  [ClassReminderTemplates.lessonReminder]: (values, _secrets, locale) => {
    const t = (id: ServerMessageId) => translate(locale, id, { ...values, dueOn: values.dueOn ? dayIn(locale, values.dueOn) : '' });
    const reminds = t(values.instructorName ? 'mail.lessonReminder.fromInstructor' : 'mail.lessonReminder.fromCourse');
    const due = values.dueOn ? t('mail.lessonReminder.due') : t('mail.lessonReminder.noDue');
    return {
      subject: t('mail.lessonReminder.subject'),
      text: [t('mail.hello'), '', reminds, due, '', t('mail.lessonReminder.reserve'), '', values.link].join('\n'),
      html: `<p>${escapeHtml(t('mail.hello'))}</p><p>${escapeHtml(reminds)}<br>${escapeHtml(due)}</p>
<p>${escapeHtml(t('mail.lessonReminder.reserve'))}</p>
<p><a href="${escapeHtml(values.link)}">${escapeHtml(t('mail.lessonReminder.action'))}</a></p>`,
    };
  },
};

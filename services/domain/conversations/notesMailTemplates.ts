/**
 * The words of the notes-arrived mail (./notesMail.ts queues it), registered with the other
 * templates in services/domain/notifications/templates.ts. Values: studentName, speakerName,
 * language (code), start (ISO instant), zone (IANA), link.
 */
import { zoneOrDefault } from '../../../contracts/calendarDate';
import type { Locale } from '../../../contracts/i18n/locales';
import { languageNameIn } from '../../i18n/languageName';
import { translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';

export const NOTES_TEMPLATE = 'learning_notes_arrived';

const whenIn = (locale: Locale, iso: string, zone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: zoneOrDefault(zone) }).format(new Date(iso));

export const notesTemplates: Record<
  string,
  (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail
> = {
  [NOTES_TEMPLATE]: (v, _secrets, locale) => {
    const values = {
      speakerName: v.speakerName || translate(locale, 'mail.notes.yourSpeaker'),
      language: languageNameIn(locale, v.language),
      when: whenIn(locale, v.start, v.zone),
    };
    const lines = [
      v.studentName ? translate(locale, 'mail.helloName', { name: v.studentName }) : translate(locale, 'mail.hello'),
      translate(locale, 'mail.notes.arrived', values),
      translate(locale, 'mail.notes.allWords'),
    ];
    const action = translate(locale, 'mail.notes.action');
    return {
      subject: translate(locale, 'mail.notes.subject', values),
      text: [lines[0], '', lines[1], '', `${action}: ${v.link}`, '', lines[2]].join('\n'),
      html: `<p>${escapeHtml(lines[0])}</p>\n<p>${escapeHtml(lines[1])}</p>\n<p><a href="${escapeHtml(v.link)}">${escapeHtml(action)}</a></p>\n<p>${escapeHtml(lines[2])}</p>`,
    };
  },
};

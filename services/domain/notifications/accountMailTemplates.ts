/**
 * The account's mail templates: a welcome when someone signs up, and a receipt for every payment
 * (queued by accountMail.ts).
 */
import type { Locale } from '../../../contracts/i18n/locales';
import { type ServerMessageId, translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from './renderedMail';

export const AccountTemplates = { welcome: 'welcome', paymentReceipt: 'payment_receipt' } as const;

/** '$90.00' from 9000 minor units of usd; other currencies as '90.00 EUR'. */
export function formatAmount(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${major}` : `${major} ${currency.toUpperCase()}`;
}

export type Role = 'student' | 'instructor' | 'speaker';
/** Where the welcome's link leads each role (its words: services/i18n/messages, mail.welcome.step.*). */
export const firstStepPaths: Record<Role, string> = {
  student: '/student/home',
  instructor: '/instructor/courses',
  speaker: '/speaker/planner',
};

export const welcomeRoleOf = (role: string): Role => {
  const r = role.replace(/^ONBOARDING_/, '').toLowerCase();
  return r === 'instructor' || r === 'speaker' ? r : 'student';
};

function paragraphs(
  lines: string[],
  link: { href: string; label: string } | null,
  footer: string[] = [],
): Pick<RenderedMail, 'text' | 'html'> {
  const text = [...lines.flatMap((l) => [l, '']), ...(link ? [`${link.label}: ${link.href}`, ''] : []), ...footer.flatMap((l) => [l, ''])]
    .join('\n')
    .trimEnd();
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...footer.map((l) => `<p style="color:#555">${escapeHtml(l)}</p>`),
  ].join('\n');
  return { text, html };
}

export const accountTemplates: Record<
  string,
  (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail
> = {
  /** values: emailAddress, role (student | instructor | speaker), link (the role's home). */
  [AccountTemplates.welcome]: (v, _secrets, locale) => {
    const role = welcomeRoleOf(v.role ?? 'student');
    return {
      subject: translate(locale, 'mail.welcome.subject'),
      ...paragraphs(
        [
          translate(locale, 'mail.hello'),
          translate(locale, 'mail.welcome.ready', { emailAddress: v.emailAddress }),
          translate(locale, `mail.welcome.step.${role}`),
        ],
        { href: v.link, label: translate(locale, 'mail.welcome.action') },
        [translate(locale, 'mail.welcome.why')],
      ),
    };
  },
  /**
   * values: amount ('$90.00'), minutes, courseName, paidAt (ISO instant), paymentId, cardBrand
   * ('visa', or empty when the gateway named none) and cardLast4 ('4242', or empty without a card),
   * link (the gateway's receipt, or the student's minutes and payments). Receipts queued before
   * issue 32 stored the card's English words as `card`, shown as they are.
   */
  [AccountTemplates.paymentReceipt]: (v, _secrets, locale) => {
    const card = v.cardLast4
      ? translate(locale, 'mail.receipt.cardEnding', { brand: v.cardBrand || 'unknown', last4: v.cardLast4 })
      : (v.card ?? '');
    const t = (id: ServerMessageId) => translate(locale, id, { ...v, card, date: v.paidAt.slice(0, 10) });
    return {
      subject: t('mail.receipt.subject'),
      ...paragraphs(
        [
          t('mail.hello'),
          t('mail.receipt.thanks'),
          t('mail.receipt.amount'),
          t('mail.receipt.minutes'),
          t('mail.receipt.for'),
          ...(card ? [t('mail.receipt.card')] : []),
          t('mail.receipt.date'),
          t('mail.receipt.payment'),
        ],
        { href: v.link, label: t('mail.receipt.action') },
        [t('mail.receipt.keep')],
      ),
    };
  },
};

/**
 * The account's mail templates: a welcome when someone signs up, and a receipt for every payment
 * (queued by accountMail.ts).
 */
import { PRODUCT_NAME } from '../../../contracts/enrollment';
import { escapeHtml, type RenderedMail } from './renderedMail';

export const AccountTemplates = { welcome: 'welcome', paymentReceipt: 'payment_receipt' } as const;

/** '$90.00' from 9000 minor units of usd; other currencies as '90.00 EUR'. */
export function formatAmount(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${major}` : `${major} ${currency.toUpperCase()}`;
}

export type Role = 'student' | 'instructor' | 'speaker';
export const firstSteps: Record<Role, { text: string; path: string; label: string }> = {
  student: {
    text: 'Join your course with the invite number your instructor gave you, or try an adventure, then reserve your first conversation.',
    path: '/student/home',
    label: 'Open Tertulia',
  },
  instructor: {
    text: 'Create your first course and share its invite number with your students.',
    path: '/instructor/courses',
    label: 'Open Tertulia',
  },
  speaker: {
    text: 'Finish your profile and add the times you are available for conversations.',
    path: '/speaker/planner',
    label: 'Open Tertulia',
  },
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

export const accountTemplates: Record<string, (values: Record<string, string>) => RenderedMail> = {
  /** values: emailAddress, role (student | instructor | speaker), link (the role's home). */
  [AccountTemplates.welcome]: (v) => {
    const step = firstSteps[welcomeRoleOf(v.role ?? 'student')];
    return {
      subject: `Welcome to ${PRODUCT_NAME}`,
      ...paragraphs(
        ['Hello,', `Welcome to ${PRODUCT_NAME}! Your account for ${v.emailAddress} is ready.`, step.text],
        { href: v.link, label: step.label },
        [`You receive this message because this address was used to sign up on ${PRODUCT_NAME}.`],
      ),
    };
  },
  /**
   * values: amount ('$90.00'), minutes, courseName, paidAt (ISO instant), paymentId, card ('visa
   * ending in 4242' or empty), link (the gateway's receipt, or the student's minutes and payments).
   */
  [AccountTemplates.paymentReceipt]: (v) => ({
    subject: `Your ${PRODUCT_NAME} receipt: ${v.amount}`,
    ...paragraphs(
      [
        'Hello,',
        `Thank you for your payment. ${v.minutes} minutes were added to your account.`,
        `Amount paid: ${v.amount}`,
        `Minutes: ${v.minutes}`,
        `For: ${v.courseName}`,
        ...(v.card ? [`Paid with: ${v.card}`] : []),
        `Date: ${v.paidAt.slice(0, 10)}`,
        `Payment: ${v.paymentId}`,
      ],
      { href: v.link, label: 'View your receipt' },
      ['Keep this message for your records.'],
    ),
  }),
};

/**
 * Mail people expect (issue 11): a welcome when someone signs up, and a receipt for every payment.
 * Both go through the mailer like every other mail (a NotificationQueued event in the same append as
 * what caused it), so they are listed in the admin's notifications with their timeline.
 *
 * The receipt is queued in the append that records the payment (PaymentSucceeded on the stream
 * payment-<id>, which is recorded once): a retried or double-submitted payment records nothing the
 * second time, so it mails nothing the second time either.
 */
import { PRODUCT_NAME } from '../../../contracts/enrollment';
import type { CommandTransaction } from '../../commands/execute';
import { evolveAccount, initialAccount } from '../identity/account';
import { streams as identityStreams, type AccountEvent } from '../identity/events';
import { fold } from '../shared/decider';
import type { Mailer } from './mailer';
import type { RenderedMail } from './templates';

export const AccountTemplates = { welcome: 'welcome', paymentReceipt: 'payment_receipt' } as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** '$90.00' from 9000 minor units of usd; other currencies as '90.00 EUR'. */
export function formatAmount(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${major}` : `${major} ${currency.toUpperCase()}`;
}

type Role = 'student' | 'instructor' | 'speaker';
const firstSteps: Record<Role, { text: string; path: string; label: string }> = {
  student: { text: 'Join your course with the invite number your instructor gave you, or try an adventure, then reserve your first conversation.', path: '/student/home', label: 'Open Tertulia' },
  instructor: { text: 'Create your first course and share its invite number with your students.', path: '/instructor/courses', label: 'Open Tertulia' },
  speaker: { text: 'Finish your profile and add the times you are available for conversations.', path: '/speaker/planner', label: 'Open Tertulia' },
};

export const welcomeRoleOf = (role: string): Role => {
  const r = role.replace(/^ONBOARDING_/, '').toLowerCase();
  return r === 'instructor' || r === 'speaker' ? r : 'student';
};

function paragraphs(lines: string[], link: { href: string; label: string } | null, footer: string[] = []): Pick<RenderedMail, 'text' | 'html'> {
  const text = [...lines.flatMap((l) => [l, '']), ...(link ? [`${link.label}: ${link.href}`, ''] : []), ...footer.flatMap((l) => [l, ''])].join('\n').trimEnd();
  const html = [
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    ...(link ? [`<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>`] : []),
    ...footer.map((l) => `<p style="color:#555">${escape(l)}</p>`),
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

/** Queues the welcome of a new account (in the sign-up's append). */
export function queueWelcome(mailer: Mailer, tx: CommandTransaction, input: { accountId: string; emailAddress: string; role: string; publicUrl: string }) {
  const role = welcomeRoleOf(input.role);
  return mailer.queue(tx, {
    recipient: { accountId: input.accountId, emailAddress: input.emailAddress },
    templateKey: AccountTemplates.welcome,
    templateValue: { emailAddress: input.emailAddress, role, link: `${input.publicUrl.replace(/\/$/, '')}${firstSteps[role].path}` },
  });
}

/** Where receipts go out from: the mailer and the address links in mail lead to. */
export interface ReceiptSettings {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Queues the receipt of a card payment to the paying account's address (in the append that
 * records the payment, so once a payment). Nothing without settings or an address.
 */
export async function queuePaymentReceipt(
  receipts: ReceiptSettings | undefined,
  tx: CommandTransaction,
  input: {
    accountId: string;
    paymentId: string;
    amount: number;
    currency: string;
    minutes: number;
    courseName: string;
    receiptUrl: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
  },
) {
  if (!receipts) return;
  const account = fold(evolveAccount, initialAccount(), (await tx.read(identityStreams.account(input.accountId))) as AccountEvent[]);
  if (!account.emailAddress) return;
  await receipts.mailer.queue(tx, {
    recipient: { accountId: input.accountId, emailAddress: account.emailAddress },
    templateKey: AccountTemplates.paymentReceipt,
    templateValue: {
      amount: formatAmount(input.amount, input.currency),
      minutes: String(input.minutes),
      courseName: input.courseName,
      paidAt: tx.now.toISOString(),
      paymentId: input.paymentId,
      card: input.cardLast4 ? `${input.cardBrand ?? 'card'} ending in ${input.cardLast4}` : '',
      link: input.receiptUrl ?? `${receipts.publicUrl.replace(/\/$/, '')}/student/settings`,
    },
  });
}

/**
 * Mail people expect (issue 11): a welcome when someone signs up, and a receipt for every payment.
 * Both go through the mailer like every other mail (a NotificationQueued event in the same append as
 * what caused it), so they are listed in the admin's notifications with their timeline.
 *
 * The receipt is queued in the append that records the payment (PaymentSucceeded on the stream
 * payment-<id>, which is recorded once): a retried or double-submitted payment records nothing the
 * second time, so it mails nothing the second time either.
 */
import type { Locale } from '../../../contracts/i18n/locales';
import type { CommandTransaction } from '../../commands/execute';
import { evolveAccount, initialAccount } from '../identity/account';
import { mailLocale } from '../people/mailLocale';
import { streams as identityStreams, type AccountEvent } from '../identity/events';
import { fold } from '../shared/decider';
import type { Mailer } from './mailer';
import { AccountTemplates, firstStepPaths, formatAmount, welcomeRoleOf } from './accountMailTemplates';

/** Queues the welcome of a new account (in the sign-up's append). */
export function queueWelcome(
  mailer: Mailer,
  tx: CommandTransaction,
  input: { accountId: string; emailAddress: string; role: string; publicUrl: string; locale?: Locale },
) {
  const role = welcomeRoleOf(input.role);
  return mailer.queue(tx, {
    recipient: { accountId: input.accountId, emailAddress: input.emailAddress },
    templateKey: AccountTemplates.welcome,
    templateValue: { emailAddress: input.emailAddress, role, link: `${input.publicUrl.replace(/\/$/, '')}${firstStepPaths[role]}` },
    locale: input.locale,
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
      // The card's words ('visa ending in 4242') are the template's, in the recipient's language.
      cardBrand: input.cardLast4 ? (input.cardBrand ?? '') : '',
      cardLast4: input.cardLast4 ?? '',
      link: input.receiptUrl ?? `${receipts.publicUrl.replace(/\/$/, '')}/student/settings`,
    },
    locale: await mailLocale(tx, input.accountId, undefined),
  });
}

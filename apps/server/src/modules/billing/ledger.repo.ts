import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { ledgerEntries } from '../../db/schema';
import type { PaymentRow } from './payments.repo';

/** The platform's share of `amount`, in whole units, rounded half up (the creator never gets a fraction). */
export const feeOf = (amount: number, feePercent: number): number => Math.round((amount * feePercent) / 100);

/**
 * Books a reader's payment to a creator account: the wallet's money in (+amount on its gateway book), owed to
 * the creator (−net, withdrawable after the hold) and to the platform (−fee). The rows sum to zero; a payment
 * is booked once (a unique index), whatever replays its callback.
 */
export async function bookPayment(
  tx: Tx,
  payment: PaymentRow,
  terms: { feePercent: number; holdDays: number },
): Promise<void> {
  const fee = feeOf(payment.amount, terms.feePercent);
  const [{ id }] = await queryRows<{ id: number }>(tx as Db, sql`select nextval('ledger_transactions')::int as id`);
  const base = { transaction_id: id!, kind: 'payment' as const, payment_id: payment.id, currency: payment.currency };
  const available = new Date(Date.now() + terms.holdDays * 86_400_000);
  await tx
    .insert(ledgerEntries)
    .values([
      { ...base, book: 'gateway', provider: payment.provider, amount: payment.amount },
      {
        ...base,
        book: 'creator',
        account_id: payment.account_id,
        amount: -(payment.amount - fee),
        available_at: available,
      },
      { ...base, book: 'platform', amount: -fee },
    ])
    .onConflictDoNothing();
}

import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { ledgerEntries } from '../../db/schema';
import type { PaymentRow } from './payments.repo';

/*
 * The ledger's writes. Every money movement is one transaction of rows that sum to zero, each row naming the
 * creator account it concerns (`account_id`, on every row of the movement, so an account's earnings are read
 * without joins); only `creator` rows are what the platform owes that account.
 */

/** The platform's share of `amount`, in whole units, rounded half up (the creator never gets a fraction). */
export const feeOf = (amount: number, feePercent: number): number => Math.round((amount * feePercent) / 100);

const nextTransaction = async (tx: Tx): Promise<number> =>
  (await queryRows<{ id: number }>(tx as Db, sql`select nextval('ledger_transactions')::int as id`))[0]!.id;

/**
 * Books a reader's payment to a creator account: the wallet's money in (+amount on its gateway book), owed to
 * the creator (−net, withdrawable after the hold) and to the platform (−fee). A payment is booked once (a
 * unique index), whatever replays its callback.
 */
export async function bookPayment(
  tx: Tx,
  payment: PaymentRow,
  terms: { feePercent: number; holdDays: number },
): Promise<void> {
  const fee = feeOf(payment.amount, terms.feePercent);
  const base = {
    transaction_id: await nextTransaction(tx),
    kind: 'payment' as const,
    payment_id: payment.id,
    account_id: payment.account_id,
    currency: payment.currency,
  };
  const available = new Date(Date.now() + terms.holdDays * 86_400_000);
  await tx
    .insert(ledgerEntries)
    .values([
      { ...base, book: 'gateway', provider: payment.provider, amount: payment.amount },
      { ...base, book: 'creator', amount: -(payment.amount - fee), available_at: available },
      { ...base, book: 'platform', amount: -fee },
    ])
    .onConflictDoNothing();
}

/**
 * Reverses a booked payment: each of its rows again with the opposite amount (the money goes back through the
 * wallet; the creator and the platform give up their shares at once). Answers false when it was not booked or
 * was reversed already.
 */
export async function bookRefund(tx: Tx, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payment_id, paymentId), eq(ledgerEntries.kind, 'payment')));
  if (rows.length === 0) return false;
  const transaction_id = await nextTransaction(tx);
  const written = await tx
    .insert(ledgerEntries)
    .values(
      rows.map((r) => ({
        transaction_id,
        kind: 'refund' as const,
        book: r.book,
        provider: r.provider,
        account_id: r.account_id,
        payment_id: paymentId,
        amount: -r.amount,
        currency: r.currency,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return written.length > 0;
}

/** Books a paid payout: the creator is owed that much less (+amount), and it left through the wallet (−amount). */
export async function bookPayout(
  tx: Tx,
  payout: { id: number; account_id: number | null; amount: number; currency: string; provider: string },
): Promise<void> {
  const base = {
    transaction_id: await nextTransaction(tx),
    kind: 'payout' as const,
    account_id: payout.account_id,
    payout_id: payout.id,
    currency: payout.currency,
  };
  await tx.insert(ledgerEntries).values([
    { ...base, book: 'creator', amount: payout.amount },
    { ...base, book: 'gateway', provider: payout.provider, amount: -payout.amount },
  ]);
}

import type { Locale, Payment } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import * as ledger from './ledger.repo';
import * as repo from './payments.repo';
import { toPayment } from './payments.service';

/**
 * An administrator (`payments.refund`) gives a reader's payment to a creator back: the payment becomes
 * `refunded`, its ledger rows are reversed, and what it paid for ends (the memberships module hears
 * `payment.refunded`), in one transaction with its audit entry. The money itself goes back through the wallet's
 * merchant portal: no wallet here offers a refund API. A plan's payment is not refundable here (409).
 */
export async function refund(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  reason: string,
  locale: Locale,
): Promise<Payment> {
  await ctx.transaction(async (tx) => {
    const payment = await repo.lockById(tx, id);
    if (!payment) throw notFound();
    if (payment.purpose === 'plan') throw conflict('payments.not_refundable');
    if (payment.status !== 'paid') throw conflict('payments.not_paid');
    await repo.update(tx, id, { status: 'refunded', failure_reason: reason });
    await ledger.bookRefund(tx, id);
    await recordAudit(tx, auth, {
      action: 'payments.refund',
      subject_type: 'account',
      subject_id: payment.account_id,
      before: { payment_id: id, status: 'paid' },
      after: { payment_id: id, status: 'refunded', reason },
    });
    ctx.events.publish(tx, {
      type: 'payment.refunded',
      actor_id: auth.user.id,
      payment_id: id,
      purpose: payment.purpose,
      membership_id: payment.membership_id,
    });
  });
  return toPayment((await repo.withDetails(ctx.db, id))!, locale);
}

import type { AdminPayment, ParsedQuery, membershipsApi } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import * as admin from './billing.admin.repo';
import * as ledger from './ledger.repo';
import * as repo from './payments.repo';

function toAdminPayment({ payment: p, user, account, tier }: admin.ReaderPaymentRow): AdminPayment {
  return {
    id: p.id,
    order_id: p.order_id,
    purpose: p.purpose === 'tip' ? 'tip' : 'membership',
    status: p.status,
    provider: p.provider,
    amount: p.amount,
    currency: p.currency as AdminPayment['currency'],
    user,
    account: account?.id ? account : null,
    tier: tier?.id ? tier : null,
    message: p.message || null,
    created_at: p.created_at.toISOString(),
    paid_at: p.paid_at?.toISOString() ?? null,
  };
}

/** Readers' settled payments to creators, for an administrator looking for one to refund. */
export async function readerPayments(ctx: AppContext, q: ParsedQuery<typeof membershipsApi.adminPayments>, at: PageAt) {
  const filter = { purpose: q.purpose, status: q.status, q: q.q || undefined };
  const { rows, total } = await admin.readerPaymentsPage(ctx.db, filter, q.per_page, offsetOf(q));
  return paged(rows.map(toAdminPayment), total, q, at);
}

/**
 * An administrator (`payments.refund`) gives a reader's payment to a creator back: the payment becomes
 * `refunded`, its ledger rows are reversed, and what it paid for ends (the memberships module hears
 * `payment.refunded`), in one transaction with its audit entry. The money itself goes back through the wallet's
 * merchant portal: no wallet here offers a refund API. A plan's payment is not refundable here (409).
 */
export async function refund(ctx: AppContext, auth: AuthContext, id: number, reason: string): Promise<AdminPayment> {
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
  const [row] = (await admin.readerPaymentsPage(ctx.db, { id }, 1, 0)).rows;
  return toAdminPayment(row!);
}

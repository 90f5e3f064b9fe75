import { randomBytes } from 'node:crypto';
import type { Locale, NotifyProvider, ParsedBody, Payment, PaymentProvider, billingApi } from '@inkwell/contracts';
import { CURRENCY, PAYMENT_PROVIDERS } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, notFound } from '../../platform/errors';
import { activatePaid, offeredPlan, planSummary, priceOf, toSubscription } from './billing.service';
import { InvalidSignature, type Acknowledgement } from './gateways/gateway';
import type { Gateways } from './gateways';
import { newOrderId } from './gateways/signing';
import * as repo from './payments.repo';

export function toPayment(details: NonNullable<Awaited<ReturnType<typeof repo.withDetails>>>, locale: Locale): Payment {
  const { payment, plan, subscription } = details;
  const summary = planSummary(plan, locale);
  return {
    id: payment.id,
    order_id: payment.order_id,
    plan: summary,
    billing_cycle: payment.billing_cycle,
    provider: payment.provider,
    sandbox: payment.sandbox,
    amount: payment.amount,
    currency: CURRENCY,
    status: payment.status,
    next_step: payment.status === 'pending' ? (payment.next_step ?? null) : null,
    subscription: subscription ? toSubscription(subscription, summary) : null,
    created_at: payment.created_at.toISOString(),
    expires_at: payment.expires_at.toISOString(),
    paid_at: payment.paid_at?.toISOString() ?? null,
  };
}

export async function paymentFor(ctx: AppContext, auth: AuthContext, id: number, locale: Locale): Promise<Payment> {
  const details = await repo.withDetails(ctx.db, id);
  // Someone else's payment answers like a missing one.
  if (!details || details.payment.user_id !== auth.user.id) throw notFound();
  return toPayment(details, locale);
}

/** Records the payment, then asks the gateway for the payer's next step (never inside a transaction). */
export async function startPayment(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  input: ParsedBody<typeof billingApi.subscribe> & { payment_provider: PaymentProvider },
  locale: Locale,
): Promise<Payment> {
  const plan = await offeredPlan(ctx, input.plan_id);
  const amount = priceOf(plan, input.billing_cycle);
  const gateway = gateways.forPayment(input.payment_provider);
  if (!gateway) throw new ValidationError({ payment_provider: ['billing.provider_unavailable'] });
  const timeout = ctx.config.payments.timeoutMinutes;
  const payment = await repo.insert(ctx.db, {
    user_id: auth.user.id,
    plan_id: plan.id,
    billing_cycle: input.billing_cycle,
    provider: input.payment_provider,
    sandbox: gateway.name === 'sandbox',
    order_id: newOrderId(),
    merchant_reference_id: randomBytes(12).toString('hex'),
    amount,
    currency: CURRENCY,
    expires_at: new Date(Date.now() + timeout * 60_000),
  });
  try {
    const created = await gateway.create({
      orderId: payment.order_id,
      merchantReferenceId: payment.merchant_reference_id!,
      amount,
      currency: CURRENCY,
      title: `Inkwell ${plan.name} (${input.billing_cycle})`,
      notifyUrl: `${ctx.config.publicUrl}/api/payments/${gateway.name}/notify`,
      returnUrl: `${ctx.config.publicUrl}/profile/plan/purchased?payment=${payment.id}`,
      timeoutMinutes: timeout,
    });
    await repo.update(ctx.db, payment.id, {
      next_step: created.nextStep,
      provider_transaction_id: created.providerTransactionId ?? null,
    });
  } catch (err) {
    ctx.log.error(
      { err, provider: input.payment_provider, paymentId: payment.id },
      'payment gateway refused the payment',
    );
    await repo.markUnpaid(
      ctx.db,
      payment.id,
      'failed',
      err instanceof Error ? err.message.slice(0, 500) : 'gateway error',
    );
    throw new AppError(502, 'billing.gateway_unavailable');
  }
  return toPayment((await repo.withDetails(ctx.db, payment.id))!, locale);
}

export interface CallbackOutcome {
  status: number;
  ack: Acknowledgement;
}

/**
 * A gateway's callback, the only proof of payment: the signature must verify, the order must be ours and
 * from this gateway, and amount and currency must match what we asked. Every callback is kept for audit;
 * a repeated one changes nothing.
 */
export async function handleCallback(
  ctx: AppContext,
  gateways: Gateways,
  provider: NotifyProvider,
  body: unknown,
  remoteAddress: string,
): Promise<CallbackOutcome> {
  const gateway = gateways.forCallback(provider);
  const record = (outcome: string, extra: { payment_id?: number; order_id?: string; signature_valid?: boolean } = {}) =>
    repo.recordCallback(ctx.db, {
      provider,
      outcome,
      body: JSON.stringify(body ?? null).slice(0, 20_000),
      remote_address: remoteAddress.slice(0, 64),
      signature_valid: extra.signature_valid ?? true,
      payment_id: extra.payment_id,
      order_id: extra.order_id?.slice(0, 64),
    });
  const reject = async (status: number, outcome: string, extra?: Parameters<typeof record>[1]) => {
    await record(outcome, extra);
    ctx.log.warn({ provider, outcome, remoteAddress }, 'payment callback rejected');
    return {
      status,
      ack: gateway?.acknowledge(false) ?? { contentType: 'application/json', body: '{"accepted":false}' },
    };
  };

  if (!gateway) return reject(404, 'gateway_not_configured', { signature_valid: false });
  let report;
  try {
    report = gateway.parseCallback(body);
  } catch (err) {
    if (err instanceof InvalidSignature) return reject(401, 'bad_signature', { signature_valid: false });
    throw err;
  }
  const payment = await repo.byReference(ctx.db, report);
  const ids = { payment_id: payment?.id, order_id: report.orderId ?? report.merchantReferenceId };
  if (!payment) return reject(404, 'unknown_order', ids);
  const fromThisGateway = provider === 'sandbox' ? payment.sandbox : !payment.sandbox && payment.provider === provider;
  if (!fromThisGateway) return reject(409, 'wrong_gateway', ids);
  if (report.amount !== payment.amount || report.currency !== payment.currency)
    return reject(422, 'amount_mismatch', ids);

  let outcome: string = report.status;
  if (report.status === 'paid') {
    const activated = await ctx.transaction(async (tx) => {
      const paid = await repo.markPaid(tx, payment.id, report.transactionId);
      if (!paid) return false;
      const subscription = await activatePaid(tx, paid);
      await repo.update(tx, paid.id, { subscription_id: subscription.id });
      ctx.events.publish(tx, {
        type: 'subscription.started',
        actor_id: paid.user_id,
        user_id: paid.user_id,
        subscription_id: subscription.id,
        trial: false,
      });
      return true;
    });
    outcome = activated ? 'paid' : 'duplicate';
  } else if (report.status === 'failed' || report.status === 'expired') {
    outcome = (await repo.markUnpaid(ctx.db, payment.id, report.status, 'declined by the payer or gateway'))
      ? report.status
      : 'duplicate';
  }
  await record(outcome, ids);
  return { status: 200, ack: gateway.acknowledge(true) };
}

/** Pending this long before a gateway is asked about a payment (payers need a moment in their wallet app). */
const ASK_AFTER_MINUTES = 2;

/**
 * Asks the gateways that can answer (KBZPay, AYA Pay) about payments still pending, so a payer who cancelled
 * in the wallet sees it before the payment times out. Only a refusal is taken from the answer: "paid" is
 * logged and left to the callback, the only proof of payment (a late callback still pays).
 */
export async function reconcilePending(ctx: AppContext, gateways: Gateways): Promise<number> {
  const askable = PAYMENT_PROVIDERS.filter((p) => gateways.forCallback(p)?.queryStatus);
  let settled = 0;
  for (const payment of await repo.pendingSince(ctx.db, askable, ASK_AFTER_MINUTES, 100)) {
    const gateway = gateways.forCallback(payment.provider)!;
    try {
      const status = await gateway.queryStatus!(payment.order_id);
      if (status === 'failed' || status === 'expired') {
        if (await repo.markUnpaid(ctx.db, payment.id, status, `${status} at the gateway (status query)`)) settled += 1;
      } else if (status === 'paid') {
        ctx.log.warn(
          { paymentId: payment.id, provider: payment.provider },
          'gateway reports paid; awaiting its callback',
        );
      }
    } catch (err) {
      ctx.log.warn({ err, paymentId: payment.id, provider: payment.provider }, 'payment status query failed');
    }
  }
  return settled;
}

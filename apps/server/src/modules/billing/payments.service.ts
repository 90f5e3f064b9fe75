import { randomBytes } from 'node:crypto';
import type {
  BillingCycle,
  Locale,
  NotifyProvider,
  ParsedBody,
  Payment,
  PaymentCurrency,
  PaymentProvider,
  PaymentPurpose,
  billingApi,
} from '@inkwell/contracts';
import { CURRENCY, PAYMENT_PROVIDERS } from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, notFound } from '../../platform/errors';
import { activatePaid, offeredPlan, planSummary, priceOf, toSubscription } from './billing.service';
import { InvalidSignature, type Acknowledgement } from './gateways/gateway';
import type { Gateways } from './gateways';
import { newOrderId } from './gateways/signing';
import * as ledger from './ledger.repo';
import * as repo from './payments.repo';

export function toPayment(details: NonNullable<Awaited<ReturnType<typeof repo.withDetails>>>, locale: Locale): Payment {
  const { payment, plan, subscription } = details;
  const summary = plan ? planSummary(plan, locale) : null;
  return {
    id: payment.id,
    order_id: payment.order_id,
    purpose: payment.purpose,
    plan: summary,
    account_id: payment.account_id,
    tier_id: payment.tier_id,
    membership_id: payment.membership_id,
    billing_cycle: payment.billing_cycle,
    provider: payment.provider,
    sandbox: payment.sandbox,
    amount: payment.amount,
    currency: payment.currency as PaymentCurrency,
    status: payment.status,
    next_step: payment.status === 'pending' ? (payment.next_step ?? null) : null,
    subscription: subscription && summary ? toSubscription(subscription, summary) : null,
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

/** A plan's payment: its price for the cycle, paid to the platform. */
export async function startPayment(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  input: ParsedBody<typeof billingApi.subscribe> & { payment_provider: PaymentProvider },
  locale: Locale,
): Promise<Payment> {
  const plan = await offeredPlan(ctx, input.plan_id);
  return startCheckout(
    ctx,
    gateways,
    auth,
    {
      purpose: 'plan',
      plan_id: plan.id,
      billing_cycle: input.billing_cycle,
      provider: input.payment_provider,
      amount: priceOf(plan, input.billing_cycle),
      currency: CURRENCY,
      title: `Inkwell ${plan.name} (${input.billing_cycle})`,
      returnPath: '/profile/plan/purchased',
    },
    locale,
  );
}

/** What a checkout pays for and how much; `returnPath` is where the wallet sends the payer back. */
export interface Checkout {
  purpose: PaymentPurpose;
  plan_id?: number;
  account_id?: number;
  tier_id?: number;
  membership_id?: number;
  post_id?: number | null;
  message?: string | null;
  billing_cycle: BillingCycle;
  provider: PaymentProvider;
  amount: number;
  currency: PaymentCurrency;
  title: string;
  returnPath: string;
}

/**
 * Records a payment, then asks the gateway for the payer's next step (never inside a transaction): the one way
 * money is asked for, whether for a plan, a membership or a tip. Nothing is granted until the signed callback.
 */
export async function startCheckout(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  checkout: Checkout,
  locale: Locale,
): Promise<Payment> {
  const gateway = gateways.forPayment(checkout.provider);
  if (!gateway) throw new ValidationError({ payment_provider: ['billing.provider_unavailable'] });
  // Myanmar's wallets take kyat only; a price in baht is payable where a gateway takes it (the sandbox).
  if (checkout.currency !== CURRENCY && gateway.name !== 'sandbox')
    throw new ValidationError({ payment_provider: ['billing.currency_unavailable'] }, 'billing.currency_unavailable');
  const timeout = ctx.config.payments.timeoutMinutes;
  const payment = await repo.insert(ctx.db, {
    user_id: auth.user.id,
    purpose: checkout.purpose,
    plan_id: checkout.plan_id ?? null,
    account_id: checkout.account_id ?? null,
    tier_id: checkout.tier_id ?? null,
    membership_id: checkout.membership_id ?? null,
    post_id: checkout.post_id ?? null,
    message: checkout.message || null,
    billing_cycle: checkout.billing_cycle,
    provider: checkout.provider,
    sandbox: gateway.name === 'sandbox',
    order_id: newOrderId(),
    merchant_reference_id: randomBytes(12).toString('hex'),
    amount: checkout.amount,
    currency: checkout.currency,
    expires_at: new Date(Date.now() + timeout * 60_000),
  });
  try {
    const created = await gateway.create({
      orderId: payment.order_id,
      merchantReferenceId: payment.merchant_reference_id!,
      amount: checkout.amount,
      currency: checkout.currency,
      title: checkout.title,
      notifyUrl: `${ctx.config.publicUrl}/api/payments/${gateway.name}/notify`,
      returnUrl: `${ctx.config.publicUrl}${checkout.returnPath}?payment=${payment.id}`,
      timeoutMinutes: timeout,
    });
    await repo.update(ctx.db, payment.id, {
      next_step: created.nextStep,
      provider_transaction_id: created.providerTransactionId ?? null,
    });
  } catch (err) {
    ctx.log.error({ err, provider: checkout.provider, paymentId: payment.id }, 'payment gateway refused the payment');
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

/**
 * A checkout that costs nothing (a move between tiers that the pass's credit covers): recorded as paid at once,
 * without a wallet, and granted as any paid one is (`payment.paid`), so its history reads like the others.
 */
export async function settleFree(
  ctx: AppContext,
  auth: AuthContext,
  checkout: Omit<Checkout, 'amount' | 'title' | 'returnPath'>,
  locale: Locale,
): Promise<Payment> {
  const id = await ctx.transaction(async (tx) => {
    const now = new Date();
    const payment = await repo.insert(tx, {
      user_id: auth.user.id,
      purpose: checkout.purpose,
      account_id: checkout.account_id ?? null,
      tier_id: checkout.tier_id ?? null,
      membership_id: checkout.membership_id ?? null,
      billing_cycle: checkout.billing_cycle,
      provider: checkout.provider,
      order_id: newOrderId(),
      amount: 0,
      currency: checkout.currency,
      status: 'paid',
      paid_at: now,
      expires_at: now,
    });
    await settle(ctx, tx, payment);
    return payment.id;
  });
  return toPayment((await repo.withDetails(ctx.db, id))!, locale);
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
      await settle(ctx, tx, paid);
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

/**
 * What a confirmed payment grants, in the transaction that marks it paid: a plan's subscription at once; a
 * reader's payment to a creator is booked in the ledger here and granted by the memberships module when it
 * hears `payment.paid` (after this commit, from the outbox).
 */
async function settle(ctx: AppContext, tx: Tx, paid: repo.PaymentRow): Promise<void> {
  if (paid.purpose === 'plan') {
    const subscription = await activatePaid(tx, { ...paid, plan_id: paid.plan_id! });
    await repo.update(tx, paid.id, { subscription_id: subscription.id });
    ctx.events.publish(tx, {
      type: 'subscription.started',
      actor_id: paid.user_id,
      user_id: paid.user_id,
      subscription_id: subscription.id,
      trial: false,
    });
    return;
  }
  const { platformFeePercent, earningsHoldDays } = ctx.config.payments;
  // Nothing moved for a free move between tiers: no rows of zero in the ledger.
  if (paid.amount > 0)
    await ledger.bookPayment(tx, paid, { feePercent: platformFeePercent, holdDays: earningsHoldDays });
  ctx.events.publish(tx, {
    type: 'payment.paid',
    actor_id: paid.user_id,
    payment_id: paid.id,
    purpose: paid.purpose,
    account_id: paid.account_id!,
  });
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

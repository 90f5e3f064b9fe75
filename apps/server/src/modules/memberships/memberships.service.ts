import {
  TIERS_MAX,
  isLocale,
  type Locale,
  type Membership,
  type ParsedBody,
  type Payment,
  type Tier,
  type membershipsApi,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import { longDate } from '../../platform/i18n';
import { membershipEndingMail } from '../../platform/mail/templates';
import type { AppContext } from '../../platform/context';
import { ValidationError, conflict, notFound } from '../../platform/errors';
import { accountAccess, findAccount, type AccountAccess } from '../accounts';
import { addCycle, settleFree, startCheckout, type Gateways } from '../billing';
import { refuseIfBlockedWith } from '../safety';
import { mayManageTiers, requireManageTiers, requirePayable } from './memberships.policy';
import { creditOf, tierChange } from './proration';
import * as repo from './memberships.repo';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** What a live pass on another tier would pay to move to each tier, by the rule in proration.ts. */
type MoveQuote = (tier: repo.TierRow) => Tier['move_price'];
const noMove: MoveQuote = () => null;

function moveQuote(current: repo.MembershipRow | null, from: repo.TierRow | undefined, now: Date): MoveQuote {
  if (!current || !isLive(current) || !from || !current.expires_at) return noMove;
  const credit = creditOf(
    { expires_at: new Date(current.expires_at), billing_cycle: current.billing_cycle },
    from,
    now,
  );
  return (tier) =>
    tier.id === from.id || tier.currency !== from.currency
      ? null
      : {
          monthly: tierChange(credit, priceFor(tier, 'monthly')).amount,
          yearly: tier.yearly_price === null ? null : tierChange(credit, tier.yearly_price).amount,
        };
}

function toTier(row: repo.TierRow, access: AccountAccess, auth: AuthContext | null, quote: MoveQuote): Tier {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    monthly_price: row.monthly_price,
    yearly_price: row.yearly_price,
    currency: row.currency,
    position: row.position,
    hidden: row.hidden,
    can_modify: mayManageTiers(auth, access),
    members_count: access.member || mayManageTiers(auth, access) ? row.members_count : null,
    move_price: quote(row),
  };
}

function toMembership(row: repo.MyMembershipRow): Membership {
  const m = row.membership;
  return {
    id: m.id,
    tier: row.tier,
    account: row.account,
    status: m.status,
    billing_cycle: m.billing_cycle,
    started_at: iso(m.started_at),
    expires_at: iso(m.expires_at),
    stopped: m.stopped_at !== null,
  };
}

/** The account and the viewer's access to it; 404 when there is no such account. */
async function accessTo(ctx: AppContext, auth: AuthContext | null, accountId: number) {
  const account = await findAccount(ctx.db, accountId, auth?.user.id ?? null);
  if (!account) throw notFound();
  return accountAccess(auth, account);
}

/** The tier and its account's access, for a change or a payment. */
async function tierWithAccess(ctx: AppContext, auth: AuthContext, tierId: number) {
  const tier = await repo.tierById(ctx.db, tierId);
  if (!tier) throw notFound();
  return { tier, access: await accessTo(ctx, auth, tier.account_id) };
}

/** An account's tiers: the offered ones to everyone who may see it; hidden ones too for whoever runs it. */
export async function tiers(ctx: AppContext, auth: AuthContext | null, accountId: number): Promise<Tier[]> {
  const access = await accessTo(ctx, auth, accountId);
  if (!access.visible) throw notFound();
  const rows = await repo.tiersOf(ctx.db, accountId, mayManageTiers(auth, access));
  const current = auth ? ((await repo.membershipOf(ctx.db, auth.user.id, accountId)) ?? null) : null;
  const from = current
    ? (rows.find((r) => r.id === current.tier_id) ?? (await repo.tierById(ctx.db, current.tier_id)))
    : undefined;
  const quote = moveQuote(current, from, new Date());
  return rows.map((row) => toTier(row, access, auth, quote));
}

type TierInput = ParsedBody<typeof membershipsApi.createTier>;

const tierValues = (body: TierInput) => ({
  name: body.name,
  description: body.description,
  benefits: body.benefits,
  monthly_price: body.monthly_price,
  yearly_price: body.yearly_price,
  currency: body.currency,
  position: body.position,
  hidden: body.hidden,
});

export async function createTier(ctx: AppContext, auth: AuthContext, accountId: number, body: TierInput) {
  const access = await accessTo(ctx, auth, accountId);
  requireManageTiers(auth, access);
  const row = await ctx.transaction(async (tx) => {
    if ((await repo.lockedTierCount(tx, accountId)) >= TIERS_MAX)
      throw new ValidationError({ name: ['memberships.tiers_max'] }, 'memberships.tiers_max');
    const created = await repo.insertTier(tx, { account_id: accountId, ...tierValues(body) });
    await recordAudit(tx, auth, {
      action: 'tiers.create',
      subject_type: 'account',
      subject_id: accountId,
      after: { tier_id: created.id, ...tierValues(body) },
    });
    return created;
  });
  return toTier(row, access, auth, noMove);
}

export async function updateTier(ctx: AppContext, auth: AuthContext, tierId: number, body: TierInput) {
  const { tier, access } = await tierWithAccess(ctx, auth, tierId);
  requireManageTiers(auth, access);
  const row = await ctx.transaction(async (tx) => {
    const updated = await repo.updateTier(tx, tierId, tierValues(body));
    await recordAudit(tx, auth, {
      action: 'tiers.update',
      subject_type: 'account',
      subject_id: tier.account_id,
      before: { tier_id: tier.id, ...tierValues(tier as TierInput) },
      after: { tier_id: tier.id, ...tierValues(body) },
    });
    return updated;
  });
  return toTier(row, access, auth, noMove);
}

/** A tier anyone ever joined or paid for keeps its history: it may be hidden, not deleted (409). */
export async function deleteTier(ctx: AppContext, auth: AuthContext, tierId: number): Promise<void> {
  const { tier, access } = await tierWithAccess(ctx, auth, tierId);
  requireManageTiers(auth, access);
  await ctx.transaction(async (tx) => {
    if (!(await repo.deleteUnusedTier(tx, tierId))) throw conflict('memberships.tier_has_members');
    await recordAudit(tx, auth, {
      action: 'tiers.delete',
      subject_type: 'account',
      subject_id: tier.account_id,
      before: { tier_id: tier.id, name: tier.name },
    });
  });
}

type JoinInput = ParsedBody<typeof membershipsApi.join>;

function priceFor(tier: repo.TierRow, cycle: JoinInput['billing_cycle']): number {
  if (cycle === 'monthly') return tier.monthly_price;
  if (tier.yearly_price === null)
    throw new ValidationError({ billing_cycle: ['memberships.no_yearly_price'] }, 'memberships.no_yearly_price');
  return tier.yearly_price;
}

const isLive = (m: repo.MembershipRow | undefined) =>
  Boolean(m && (repo.LIVE_STATUSES as readonly string[]).includes(m.status));

/**
 * Join a tier: a payment for a month or a year; the pass starts (or, for the tier one already holds, is
 * extended) only when the payment's signed callback arrives. A live pass on another of the account's tiers moves
 * (moveTier).
 */
export async function join(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  tierId: number,
  body: JoinInput,
  locale: Locale,
): Promise<Payment> {
  const { tier, access } = await tierWithAccess(ctx, auth, tierId);
  requirePayable(access);
  const current = await repo.membershipOf(ctx.db, auth.user.id, tier.account_id);
  const live = isLive(current);
  if (tier.hidden && !(live && current!.tier_id === tier.id)) throw notFound();
  await refuseIfBlockedWith(ctx.db, auth.user.id, { accountId: tier.account_id });
  if (live && current!.tier_id !== tier.id)
    return moveTier(ctx, gateways, auth, { current: current!, tier, body }, locale);
  const amount = priceFor(tier, body.billing_cycle);
  const membership = live
    ? current!
    : await repo.pendingMembership(ctx.db, {
        user_id: auth.user.id,
        account_id: tier.account_id,
        tier_id: tier.id,
        billing_cycle: body.billing_cycle,
      });
  return checkoutFor(ctx, gateways, auth, { tier, membershipId: membership.id, body, amount }, locale);
}

/**
 * A live pass moved to another tier of the account, by the rule in proration.ts: an upgrade pays the new price
 * less what the days left are worth; a move the credit covers is granted at once and keeps the pass's end.
 */
async function moveTier(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  move: { current: repo.MembershipRow; tier: repo.TierRow; body: JoinInput },
  locale: Locale,
): Promise<Payment> {
  const { current, tier, body } = move;
  const from = (await repo.tierById(ctx.db, current.tier_id))!;
  if (from.currency !== tier.currency) throw conflict('memberships.change_currency');
  const credit = current.expires_at
    ? creditOf({ expires_at: new Date(current.expires_at), billing_cycle: current.billing_cycle }, from, new Date())
    : 0;
  const { amount } = tierChange(credit, priceFor(tier, body.billing_cycle));
  if (amount > 0) return checkoutFor(ctx, gateways, auth, { tier, membershipId: current.id, body, amount }, locale);
  return settleFree(
    ctx,
    auth,
    {
      purpose: 'membership',
      account_id: tier.account_id,
      tier_id: tier.id,
      membership_id: current.id,
      billing_cycle: current.billing_cycle,
      provider: body.payment_provider,
      currency: tier.currency,
    },
    locale,
  );
}

function checkoutFor(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  input: { tier: repo.TierRow; membershipId: number; body: JoinInput; amount: number },
  locale: Locale,
): Promise<Payment> {
  const { tier, body } = input;
  return startCheckout(
    ctx,
    gateways,
    auth,
    {
      purpose: 'membership',
      account_id: tier.account_id,
      tier_id: tier.id,
      membership_id: input.membershipId,
      billing_cycle: body.billing_cycle,
      provider: body.payment_provider,
      amount: input.amount,
      currency: tier.currency,
      title: `Inkwell membership: ${tier.name} (${body.billing_cycle})`,
      returnPath: '/profile/memberships',
    },
    locale,
  );
}

/** My membership, or 404 (someone else's answers like a missing one). */
async function mine(ctx: AppContext, auth: AuthContext, id: number): Promise<repo.MembershipRow> {
  const membership = await repo.membershipById(ctx.db, id);
  if (!membership || membership.user_id !== auth.user.id) throw notFound();
  return membership;
}

/** Renew: a payment for the pass's tier that extends it from the later of now and its end. */
export async function renew(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  id: number,
  body: JoinInput,
  locale: Locale,
): Promise<Payment> {
  const membership = await mine(ctx, auth, id);
  const tier = (await repo.tierById(ctx.db, membership.tier_id))!;
  requirePayable(await accessTo(ctx, auth, tier.account_id));
  await refuseIfBlockedWith(ctx.db, auth.user.id, { accountId: tier.account_id });
  const amount = priceFor(tier, body.billing_cycle);
  return checkoutFor(ctx, gateways, auth, { tier, membershipId: membership.id, body, amount }, locale);
}

export async function myMemberships(ctx: AppContext, auth: AuthContext): Promise<Membership[]> {
  return (await repo.membershipsOf(ctx.db, auth.user.id)).map(toMembership);
}

/** Stop: no more reminders, and no grace; the pass runs to its end. Stopping twice changes nothing. */
export async function stop(ctx: AppContext, auth: AuthContext, id: number): Promise<Membership> {
  const membership = await mine(ctx, auth, id);
  if (membership.status === 'active' || membership.status === 'grace')
    await repo.updateMembership(ctx.db, id, { status: 'stopped', stopped_at: new Date() });
  const [row] = await repo.membershipsOf(ctx.db, auth.user.id, id);
  if (!row) throw notFound();
  return toMembership(row);
}

/**
 * A confirmed membership payment (heard as `payment.paid`): the pass gets the paid period once, from the later of
 * now and its end, on the paid tier; the tiers' member counts follow. Idempotent: the period's primary key is
 * the payment.
 */
export async function applyMembershipPayment(ctx: AppContext, paymentId: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const payment = await repo.paidMembershipPayment(tx, paymentId);
    if (!payment?.membership_id) return;
    const membership = await repo.lockMembership(tx, payment.membership_id);
    if (!membership) return;
    const now = new Date();
    const end = membership.expires_at ? new Date(membership.expires_at) : null;
    const live = isLive(membership) && end !== null && end > now;
    // A renewal extends from the end; a move to another tier starts a cycle now, or, when it was free (the
    // credit covered it), keeps the end (proration.ts).
    const moving = live && payment.tier_id !== membership.tier_id;
    const from = live && !moving ? end : now;
    const until = moving && payment.amount === 0 ? end : addCycle(from, payment.billing_cycle);
    const fresh = await repo.insertPeriod(tx, {
      payment_id: payment.id,
      membership_id: membership.id,
      tier_id: payment.tier_id,
      starts_at: from,
      ends_at: until,
    });
    if (!fresh) return;
    await repo.updateMembership(tx, membership.id, {
      status: 'active',
      stopped_at: null,
      reminded_days: null,
      tier_id: payment.tier_id,
      billing_cycle: payment.billing_cycle,
      started_at: membership.started_at ?? now,
      expires_at: until,
    });
    await repo.recountMembers(tx, [...new Set([membership.tier_id, payment.tier_id])]);
    ctx.events.publish(tx, {
      type: 'membership.started',
      actor_id: membership.user_id,
      user_id: membership.user_id,
      membership_id: membership.id,
      account_id: membership.account_id,
      renewal: membership.started_at !== null,
    });
  });
}

/** The member's reminder by e-mail, in their language, with the link that renews (My memberships). */
export async function mailEndingReminder(ctx: AppContext, membershipId: number): Promise<void> {
  const m = await repo.reminderFacts(ctx.db, membershipId);
  if (!m?.expires_at) return;
  const locale = isLocale(m.locale) ? m.locale : 'en';
  const params = { account: m.account, tier: m.tier, date: longDate(new Date(m.expires_at), locale) };
  await ctx.mail.send(
    m.email,
    membershipEndingMail(locale, m.name, `${ctx.config.publicUrl}/profile/memberships`, params),
  );
}

/**
 * A refunded membership payment ends the pass at once (told to the member as an ended pass). Idempotent: a pass
 * already ended stays as it is.
 */
export async function endRefundedMembership(ctx: AppContext, membershipId: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const membership = await repo.lockMembership(tx, membershipId);
    if (!membership || !isLive(membership)) return;
    const now = new Date();
    await repo.updateMembership(tx, membership.id, { status: 'expired', expires_at: now, ended_at: now });
    await repo.recountMembers(tx, [membership.tier_id]);
    ctx.events.publish(tx, {
      type: 'membership.ended',
      actor_id: null,
      user_id: membership.user_id,
      membership_id: membership.id,
      account_id: membership.account_id,
    });
  });
}

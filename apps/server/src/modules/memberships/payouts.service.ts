import type { PageQuery, Paged, Payout, PayoutStatus } from '@inkwell/contracts';
import { CURRENCY, type ParsedBody, type membershipsApi } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { ValidationError, conflict, forbidden, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount, requireAccount } from '../accounts';
import { bookPayout } from '../billing';
import * as earningsRepo from './earnings.repo';
import * as repo from './payouts.repo';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const toPayout = (r: repo.PayoutListRow): Payout => ({
  id: r.id,
  account:
    r.account_id && r.account_name
      ? { id: r.account_id, name: r.account_name, username: r.account_username!, profile_url: r.account_profile_url }
      : null,
  amount: r.amount,
  currency: r.currency,
  provider: r.provider,
  wallet_number: r.wallet_number,
  status: r.status,
  reference: r.reference,
  reason: r.reason,
  requested_at: new Date(r.created_at).toISOString(),
  decided_at: iso(r.decided_at),
});

/** The account, seen by its owners (and `insights.view` for reading); 404 to whoever may not see it. */
async function accessOf(ctx: AppContext, auth: AuthContext, accountId: number) {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  if (!account) throw notFound();
  return accountAccess(auth, account);
}

export async function accountPayouts(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  query: PageQuery,
  at: PageAt,
): Promise<Paged<Payout>> {
  requireAccount(await accessOf(ctx, auth, accountId), 'can_view_insights');
  const { rows, total } = await repo.list(ctx.db, { accountId }, { limit: query.per_page, offset: offsetOf(query) });
  return paged(rows.map(toPayout), total, query, at);
}

async function one(ctx: AppContext, id: number): Promise<Payout> {
  const { rows } = await repo.list(ctx.db, { id }, { limit: 1, offset: 0 });
  return toPayout(rows[0]!);
}

/**
 * An owner asks to be paid out of the available balance (past the hold, less payouts already waiting), in kyat to
 * a Myanmar wallet. Only the account's owners: money leaving is theirs to ask for, not an editor's.
 */
export async function requestPayout(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  body: ParsedBody<typeof membershipsApi.requestPayout>,
): Promise<Payout> {
  const access = await accessOf(ctx, auth, accountId);
  if (!access.visible) throw notFound();
  if (!access.owner) throw forbidden();
  const id = await ctx.transaction(async (tx) => {
    await repo.lockAccount(tx, accountId);
    const available = (await earningsRepo.balances(tx, accountId)).find((b) => b.currency === CURRENCY)?.available ?? 0;
    if (body.amount > available)
      throw new ValidationError({ amount: ['payouts.over_balance'] }, 'payouts.over_balance');
    const payout = await repo.insert(tx, {
      account_id: accountId,
      requested_by: auth.user.id,
      amount: body.amount,
      currency: CURRENCY,
      provider: body.provider,
      wallet_number: body.wallet_number,
    });
    await recordAudit(tx, auth, {
      action: 'payouts.request',
      subject_type: 'account',
      subject_id: accountId,
      after: { payout_id: payout.id, amount: body.amount, provider: body.provider },
    });
    return payout.id;
  });
  return one(ctx, id);
}

export async function adminPayouts(
  ctx: AppContext,
  query: PageQuery & { status?: PayoutStatus },
  at: PageAt,
): Promise<Paged<Payout>> {
  const { rows, total } = await repo.list(
    ctx.db,
    { status: query.status },
    { limit: query.per_page, offset: offsetOf(query) },
  );
  return paged(rows.map(toPayout), total, query, at);
}

/**
 * An administrator (`payouts.manage`) marks a waiting payout paid (the ledger books it: the creator is owed that
 * much less) or rejects it (the amount is available again); once decided it stays so (409). Audited; the
 * account's owners hear of it.
 */
export async function decidePayout(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  decision: { paid: true; reference: string } | { paid: false; reason: string },
): Promise<Payout> {
  await ctx.transaction(async (tx) => {
    const payout = await repo.lockById(tx, id);
    if (!payout) throw notFound();
    if (payout.status !== 'requested') throw conflict('payouts.already_decided');
    const status = decision.paid ? 'paid' : 'rejected';
    await repo.decide(tx, id, {
      status,
      by: auth.user.id,
      ...(decision.paid ? { reference: decision.reference } : { reason: decision.reason }),
    });
    if (decision.paid) await bookPayout(tx, payout);
    await recordAudit(tx, auth, {
      action: `payouts.${status === 'paid' ? 'pay' : 'reject'}`,
      subject_type: 'account',
      subject_id: payout.account_id,
      before: { payout_id: id, status: 'requested' },
      after: {
        payout_id: id,
        status,
        ...(decision.paid ? { reference: decision.reference } : { reason: decision.reason }),
      },
    });
    if (payout.account_id)
      ctx.events.publish(tx, {
        type: 'payout.decided',
        actor_id: auth.user.id,
        payout_id: id,
        account_id: payout.account_id,
        status,
      });
  });
  return one(ctx, id);
}

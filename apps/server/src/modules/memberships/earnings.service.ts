import type { Earnings, Member, MembersQuery, PageQuery, Paged } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount, requireAccount } from '../accounts';
import * as earningsRepo from './earnings.repo';
import * as repo from './memberships.repo';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Money and members are read by those who read the account's figures: its owners, and `insights.view`. */
async function requireFigures(ctx: AppContext, auth: AuthContext, accountId: number): Promise<void> {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  if (!account) throw notFound();
  requireAccount(accountAccess(auth, account), 'can_view_insights');
}

export async function earnings(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  month: string | undefined,
): Promise<Earnings> {
  await requireFigures(ctx, auth, accountId);
  const m = (await earningsRepo.monthIn(ctx.db, accountId, month))!;
  const [thisMonth, lastMonth, days, balances, movements, tiers] = await Promise.all([
    earningsRepo.totals(ctx.db, accountId, m.from, m.to),
    earningsRepo.totals(ctx.db, accountId, m.prev, m.from),
    earningsRepo.days(ctx.db, accountId, m.from, m.to, m.zone),
    earningsRepo.balances(ctx.db, accountId),
    earningsRepo.memberMovements(ctx.db, accountId, m.from, m.to),
    repo.tiersOf(ctx.db, accountId, true),
  ]);
  return {
    month: m.month,
    this_month: thisMonth,
    last_month: lastMonth,
    days,
    members_by_tier: tiers.map((t) => ({ tier_id: t.id, name: t.name, members: t.members_count })),
    new_members: movements.joined,
    lost_members: movements.lost,
    balances,
  };
}

const toMember = (r: earningsRepo.MemberRow): Member => ({
  id: r.id,
  user: { id: r.user_id, name: r.name, username: r.username, profile_url: r.profile_url },
  tier: { id: r.tier_id, name: r.tier },
  status: r.status,
  billing_cycle: r.billing_cycle,
  started_at: iso(r.started_at),
  expires_at: iso(r.expires_at),
});

type MembersFilter = Omit<MembersQuery, 'page' | 'per_page'> & { tier_id?: number };

export async function members(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  query: PageQuery & MembersFilter,
  at: PageAt,
): Promise<Paged<Member>> {
  await requireFigures(ctx, auth, accountId);
  const { rows, total } = await earningsRepo.members(ctx.db, accountId, query, {
    limit: query.per_page,
    offset: offsetOf(query),
  });
  return paged(rows.map(toMember), total, query, at);
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet (`=`, `+`, `-`, `@`). */
const csvField = (value: string | null): string => {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every member of the account as CSV (UTF-8 with a byte-order mark, so spreadsheets read Burmese and Thai). */
export async function membersCsv(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  filter: MembersFilter,
): Promise<string> {
  await requireFigures(ctx, auth, accountId);
  const { rows } = await earningsRepo.members(ctx.db, accountId, filter);
  const lines = [['name', 'username', 'tier', 'status', 'billing_cycle', 'since', 'ends'].join(',')];
  for (const r of rows.map(toMember))
    lines.push(
      [r.user.name, r.user.username, r.tier.name, r.status, r.billing_cycle, r.started_at, r.expires_at]
        .map(csvField)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

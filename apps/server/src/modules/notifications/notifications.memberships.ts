import type { DomainEventOf } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { longDate, money, t } from '../../platform/i18n';
import * as facts from './notifications.facts';
import { accountOwners, targetsOf, write, type Draft } from './notifications.repo';

/** A membership with its tier, account and member, as its notices name them. */
async function membershipFacts(tx: Tx, id: number) {
  const [row] = await queryRows<{
    id: number;
    user_id: number;
    account_id: number;
    expires_at: Date | string | null;
    tier: string;
    account: string;
    username: string;
    profile_url: string | null;
    member: string;
  }>(
    tx as Db,
    sql`select m.id, m.user_id, m.account_id, m.expires_at, t.name as tier, a.name as account, a.username,
               a.profile_url, u.name as member
        from memberships m join membership_tiers t on t.id = m.tier_id join accounts a on a.id = m.account_id
        join users u on u.id = m.user_id where m.id = ${id}`,
  );
  return row;
}

/** The member hears that their pass ends in a few days, or ended (kind `membership`). */
export async function membershipLapsing(
  tx: Tx,
  event: DomainEventOf<'membership.ending'> | DomainEventOf<'membership.ended'>,
): Promise<number[]> {
  const m = await membershipFacts(tx, event.membership_id);
  if (!m) return [];
  const ending = event.type === 'membership.ending';
  const draft: Draft = {
    kind: 'membership',
    actor_id: null,
    account_id: m.account_id,
    icon: m.profile_url ?? facts.APP_ICON,
    url: '/profile/memberships',
    tag: `membership-${m.id}`,
    payload: { membership_id: m.id, phase: ending ? 'ending' : 'ended', account_username: m.username },
    text: (locale) => {
      const params = {
        tier: m.tier,
        account: m.account,
        date: m.expires_at ? longDate(new Date(m.expires_at), locale) : '',
      };
      return ending
        ? {
            title: t(locale, 'notifications.membership_ending_title', params),
            body: t(locale, 'notifications.membership_ending', params),
          }
        : {
            title: t(locale, 'notifications.membership_ended_title', params),
            body: t(locale, 'notifications.membership_ended', params),
          };
    },
  };
  return write(tx, await targetsOf(tx, [m.user_id], 'membership', null), draft);
}

/** The account's owners hear that a reader joined or renewed (kind `supporter`). */
export async function memberJoined(tx: Tx, event: DomainEventOf<'membership.started'>): Promise<number[]> {
  const m = await membershipFacts(tx, event.membership_id);
  if (!m) return [];
  const draft: Draft = {
    kind: 'supporter',
    actor_id: event.actor_id,
    account_id: m.account_id,
    icon: facts.APP_ICON,
    url: `/a/${m.username}`,
    tag: `membership-${m.id}`,
    payload: { membership_id: m.id, renewal: event.renewal, account_username: m.username },
    text: (locale) => ({
      title: t(locale, event.renewal ? 'notifications.member_renewed' : 'notifications.member_joined', {
        name: m.member,
        tier: m.tier,
      }),
      body: t(locale, 'notifications.supporter_body', { account: m.account }),
    }),
  };
  return write(tx, await targetsOf(tx, await accountOwners(tx, m.account_id), 'supporter', event.actor_id), draft);
}

/** The account's owners hear of a tip, with the tipper's words (kind `supporter`); a membership's payment is told as `membership.started`. */
export async function tipped(tx: Tx, event: DomainEventOf<'payment.paid'>): Promise<number[]> {
  if (event.purpose !== 'tip') return [];
  const [p] = await queryRows<{
    amount: number;
    currency: string;
    message: string | null;
    tipper: string;
    account: string;
    username: string;
  }>(
    tx as Db,
    sql`select p.amount, p.currency, p.message, u.name as tipper, a.name as account, a.username
        from payments p join users u on u.id = p.user_id join accounts a on a.id = p.account_id
        where p.id = ${event.payment_id}`,
  );
  if (!p) return [];
  const draft: Draft = {
    kind: 'supporter',
    actor_id: event.actor_id,
    account_id: event.account_id,
    icon: facts.APP_ICON,
    url: `/a/${p.username}`,
    tag: `tip-${event.payment_id}`,
    payload: { payment_id: event.payment_id, amount: p.amount, currency: p.currency },
    text: (locale) => ({
      title: t(locale, 'notifications.tip_received', { name: p.tipper, amount: money(p.amount, p.currency, locale) }),
      body: p.message
        ? facts.excerpt(p.message, 200)
        : t(locale, 'notifications.supporter_body', { account: p.account }),
    }),
  };
  return write(tx, await targetsOf(tx, await accountOwners(tx, event.account_id), 'supporter', event.actor_id), draft);
}

/** The account's owners hear that their payout was paid (with the transfer's reference) or rejected (why). */
export async function payoutDecided(tx: Tx, event: DomainEventOf<'payout.decided'>): Promise<number[]> {
  const [p] = await queryRows<{ amount: number; currency: string; reference: string | null; reason: string | null }>(
    tx as Db,
    sql`select amount, currency, reference, reason from payouts where id = ${event.payout_id}`,
  );
  if (!p) return [];
  const paid = event.status === 'paid';
  const draft: Draft = {
    kind: 'payout',
    actor_id: null,
    account_id: event.account_id,
    icon: facts.APP_ICON,
    url: `/accounts/${event.account_id}/earnings`,
    tag: `payout-${event.payout_id}`,
    payload: { payout_id: event.payout_id, status: event.status },
    text: (locale) => {
      const amount = money(p.amount, p.currency, locale);
      return paid
        ? {
            title: t(locale, 'notifications.payout_paid_title', { amount }),
            body: t(locale, 'notifications.payout_paid', { reference: p.reference ?? '' }),
          }
        : {
            title: t(locale, 'notifications.payout_rejected_title', { amount }),
            body: p.reason ?? '',
          };
    },
  };
  return write(tx, await targetsOf(tx, await accountOwners(tx, event.account_id), 'payout', null), draft);
}

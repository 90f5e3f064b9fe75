import { billingApi, chatsApi, membershipsApi, notificationsApi, type TierBody } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { waitUntil } from '../../../test/wait-for';
import { expireMemberships } from './memberships.jobs';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const DAY = 86_400_000;
const tierBody: TierBody = { name: 'Supporter', monthly_price: 3000, yearly_price: null };

/** A creator's account with a tier and a reader who joined it through the sandbox. */
async function memberOfNewTier() {
  const owner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id, { name: 'Yangon Stories' });
  const tier = (
    await s.call(membershipsApi.createTier, { token: owner.token, params: { id: account.id }, body: tierBody })
  ).body.data;
  const reader = await signedIn(s);
  await s.ctx.db.update(users).set({ locale: 'my' }).where(eq(users.id, reader.user.id));
  const joined = await s.call(membershipsApi.join, {
    token: reader.token,
    params: { id: tier.id },
    body: { billing_cycle: 'monthly', payment_provider: 'kbzpay' },
  });
  expect(joined.status, JSON.stringify(joined.body ?? joined.error)).toBe(200);
  await s.call(billingApi.sandboxDecision, {
    token: reader.token,
    params: { id: joined.body.data.payment.id },
    body: { decision: 'approve' },
  });
  const membership = (await waitUntil(async () =>
    (await s.call(membershipsApi.memberships, { token: reader.token })).body.data.find((m) => m.status === 'active'),
  ))!;
  return { owner, account, tier, reader, membership };
}

const notices = async (who: { token: string }, kind: string) =>
  (await s.call(notificationsApi.list, { token: who.token, query: { per_page: 50 } })).body.data.filter(
    (n) => n.type === kind,
  );

const endIn = (id: number, ms: number) =>
  s.ctx.db
    .update(memberships)
    .set({ expires_at: new Date(Date.now() + ms) })
    .where(eq(memberships.id, id));

const statusOf = async (id: number) => (await s.ctx.db.select().from(memberships).where(eq(memberships.id, id)))[0]!;

const membersCount = async (owner: { token: string }, accountId: number) =>
  (await s.call(membershipsApi.tiers, { token: owner.token, params: { id: accountId } })).body.data[0]!.members_count;

describe('a pass over time', () => {
  it('the owners hear of a new member; the member is reminded 3 days and 1 day before (in the app and by e-mail, in their language), then has 3 days of grace, then it expires', async () => {
    const { owner, account, reader, membership } = await memberOfNewTier();
    const joined = await waitUntil(async () => (await notices(owner, 'supporter'))[0]);
    expect(joined.title).toContain('Supporter');

    await endIn(membership.id, 2.5 * DAY);
    await expireMemberships(s.ctx);
    await expireMemberships(s.ctx); // run again: nothing is told twice
    const first = (await waitUntil(async () => {
      const list = await notices(reader, 'membership');
      return list.length ? list : undefined;
    }))![0];
    expect(first!.title).toMatch(/[\u1000-\u109F]/); // Burmese, the member's language
    expect(first!.payload).toMatchObject({ phase: 'ending' });
    const [row] = await s.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, reader.user.id));
    const mail = await s.smtp.waitFor(row!.email);
    expect(mail.text).toContain('Yangon Stories');
    expect(mail.text).toContain('/profile/memberships');
    expect((await statusOf(membership.id)).reminded_days).toBe(3);

    await endIn(membership.id, 0.5 * DAY);
    await expireMemberships(s.ctx);
    await waitUntil(async () => ((await notices(reader, 'membership')).length === 2 ? true : undefined));
    expect((await statusOf(membership.id)).reminded_days).toBe(1);

    // Past its end: grace, still a member.
    await endIn(membership.id, -DAY);
    await expireMemberships(s.ctx);
    expect((await statusOf(membership.id)).status).toBe('grace');
    expect(await membersCount(owner, account.id)).toBe(1);

    // Past the grace: expired, told, no longer counted.
    await endIn(membership.id, -4 * DAY);
    await expireMemberships(s.ctx);
    expect((await statusOf(membership.id)).status).toBe('expired');
    expect(await membersCount(owner, account.id)).toBe(0);
    const ended = await waitUntil(async () =>
      (await notices(reader, 'membership')).find((n) => n.payload.phase === 'ended'),
    );
    expect(ended!.url).toBe('/profile/memberships');
  });

  it('a stopped pass gets no reminders and no grace; the owners hear of a tip with its words', async () => {
    const { owner, account, reader, membership } = await memberOfNewTier();
    await s.call(membershipsApi.stop, { token: reader.token, params: { id: membership.id } });
    await endIn(membership.id, 2 * DAY);
    await expireMemberships(s.ctx);
    expect((await statusOf(membership.id)).reminded_days).toBeNull();
    await endIn(membership.id, -60_000);
    await expireMemberships(s.ctx);
    expect((await statusOf(membership.id)).status).toBe('expired');

    const tip = await s.call(membershipsApi.tip, {
      token: reader.token,
      body: { account_id: account.id, amount: 5000, message: 'Thank you for the stories', payment_provider: 'kbzpay' },
    });
    await s.call(billingApi.sandboxDecision, {
      token: reader.token,
      params: { id: tip.body.data.payment.id },
      body: { decision: 'approve' },
    });
    const told = await waitUntil(async () => (await notices(owner, 'supporter')).find((n) => n.tag.startsWith('tip-')));
    expect(told!.title).toContain('5,000');
    expect(told!.body).toBe('Thank you for the stories');
  });

  it("a member is in the account's members' room while the pass lasts, with its owners; its end takes them out", async () => {
    const { owner, account, reader, membership } = await memberOfNewTier();
    const room = await waitUntil(async () =>
      (await s.call(chatsApi.list, { token: reader.token })).body.data.find((r) => r.account?.id === account.id),
    );
    expect(room.is_group).toBe(true);
    const said = await s.call(chatsApi.send, {
      token: owner.token,
      params: { roomId: room.roomId },
      body: { message: 'Welcome, members!' },
    });
    expect(said.status).toBe(201);
    const answer = await s.call(chatsApi.send, {
      token: reader.token,
      params: { roomId: room.roomId },
      body: { message: 'Thank you' },
    });
    expect(answer.status).toBe(201);

    await endIn(membership.id, -5 * DAY);
    await expireMemberships(s.ctx);
    await expireMemberships(s.ctx);
    await waitUntil(async () =>
      (await s.call(chatsApi.list, { token: reader.token })).body.data.every((r) => r.roomId !== room.roomId),
    );
    const after = await s.call(chatsApi.send, {
      token: reader.token,
      params: { roomId: room.roomId },
      body: { message: 'Still here?' },
    });
    expect(after.status).toBe(403);
    const ownerStill = await s.call(chatsApi.room, { token: owner.token, params: { roomId: room.roomId } });
    expect(ownerStill.status).toBe(200);
  });
});

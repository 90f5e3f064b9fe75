import { FOLLOWS_MAX, discoveryApi, followsApi, notificationsApi } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { createCreatorAccount, createUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { isoWeek } from './discovery.jobs';
import { refreshDiscovery, sendDigests } from './index';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const HOUR = 3_600_000;
const ago = (ms: number, from = Date.now()) => new Date(from - ms).toISOString();

/** A post of the account's, written `at`, in a language, with likes already counted. */
async function postOf(accountId: number, at: string, language = 'en', likes = 0) {
  const [row] = await queryRows<{ id: number }>(
    s.ctx.db,
    sql`insert into posts (account_id, author_id, type, slug, content, language, likes_count, created_at)
        select ${accountId}, au.user_id, 'status', ${`d-${accountId}-${Math.random().toString(36).slice(2)}`},
               'A post', ${language}, ${likes}, ${at}::timestamptz
        from account_users au where au.account_id = ${accountId} limit 1
        returning id`,
  );
  return row!.id;
}

/** `n` new people following the account, `at`. */
async function followers(accountId: number, n: number, at: string) {
  for (let i = 0; i < n; i++) {
    const person = await createUser(s.ctx.db);
    await s.ctx.db.execute(
      sql`insert into follows (user_id, account_id, created_at) values (${person.id}, ${accountId}, ${at}::timestamptz)`,
    );
  }
}

const account = async (seed: Parameters<typeof createCreatorAccount>[2] = {}) =>
  createCreatorAccount(s.ctx.db, (await createUser(s.ctx.db)).id, seed);

/** Recounted from scratch: every account's co-follows, as after the migration. */
const markAllDirty = () =>
  s.ctx.db.execute(sql`insert into discovery_dirty (account_id) select id from accounts on conflict do nothing`);

describe('suggested accounts', () => {
  it('rank a reader’s language first and growth over size; never followed, hidden, pending or closed ones', async () => {
    const reader = await signedIn(s, { locale: 'en' });
    const now = Date.now();
    const idle = await account({ name: 'Idle giant' });
    await s.ctx.db.execute(sql`update accounts set followers_count = 50000 where id = ${idle.id}`);
    await followers(idle.id, 4, ago(200 * 24 * HOUR));
    await postOf(idle.id, ago(20 * 24 * HOUR));
    const growing = await account({ name: 'Growing fast' });
    await followers(growing.id, 6, ago(2 * 24 * HOUR));
    await postOf(growing.id, ago(HOUR));
    const burmese = await account({ name: 'Yangon Stories' });
    await postOf(burmese.id, ago(3 * HOUR), 'my');
    await postOf(burmese.id, ago(4 * HOUR), 'my');
    const followed = await account({ name: 'Already followed' });
    await s.call(followsApi.follow, { token: reader.token, params: { id: followed.id } });
    const pending = await account({ name: 'Pending one', approved: 'pending' });
    const hiddenAccount = await account({ name: 'Hidden one' });
    await s.ctx.db.execute(sql`update accounts set published_status = 'hidden' where id = ${hiddenAccount.id}`);
    const closed = await account({ name: 'Closed by the reader' });

    // The reader reads Burmese.
    const saved = await s.call(discoveryApi.saveOnboarding, { token: reader.token, body: { languages: ['my'] } });
    expect(saved.body.data).toEqual({ languages: ['my'], tags: [], done: false });
    expect((await s.call(discoveryApi.hide, { token: reader.token, params: { id: closed.id } })).status).toBe(204);
    await refreshDiscovery(s.ctx, new Date(now));

    const res = await s.call(discoveryApi.accounts, { token: reader.token, query: { per_page: 100 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = res.body.data.map((d) => d.account.name);
    const at = (name: string) => names.indexOf(name);
    expect(at('Yangon Stories')).toBe(0);
    expect(at('Growing fast')).toBeGreaterThan(0);
    expect(at('Growing fast')).toBeLessThan(at('Idle giant'));
    for (const never of ['Already followed', 'Pending one', 'Hidden one', 'Closed by the reader'])
      expect(names).not.toContain(never);
    const card = (name: string) => res.body.data.find((d) => d.account.name === name)!;
    expect(card('Yangon Stories')).toMatchObject({ reason: 'language', because: { language: 'my' } });
    expect(card('Growing fast').reason).toBe('growing');
    expect(card('Idle giant').reason).toBe('popular');
    expect(card('Yangon Stories').latest_post?.language).toBe('my');
    void pending;

    // Only one reason, when asked (Explore's sections).
    const growingOnly = await s.call(discoveryApi.accounts, {
      token: reader.token,
      query: { reason: 'growing', per_page: 100 },
    });
    expect(growingOnly.body.data.every((d) => d.reason === 'growing')).toBe(true);
    expect(growingOnly.body.data.map((d) => d.account.name)).toContain('Growing fast');

    // A guest gets suggestions too, in the interface's language.
    const guest = await s.call(discoveryApi.accounts, { lang: 'my', query: { per_page: 100 } });
    expect(guest.status).toBe(200);
    expect(guest.body.data[0]!.account.name).toBe('Yangon Stories');
    expect(guest.body.data.map((d) => d.account.name)).toContain('Closed by the reader');
  });

  it('follow readers: “readers of X also follow Y”, on the account page too', async () => {
    const reader = await signedIn(s);
    const x = await account({ name: 'Shared X' });
    const y = await account({ name: 'Shared Y' });
    for (let i = 0; i < 3; i++) {
      const person = await createUser(s.ctx.db);
      await s.ctx.db.execute(
        sql`insert into follows (user_id, account_id) values (${person.id}, ${x.id}), (${person.id}, ${y.id})`,
      );
    }
    await s.call(followsApi.follow, { token: reader.token, params: { id: x.id } });
    await markAllDirty();
    await refreshDiscovery(s.ctx);

    const res = await s.call(discoveryApi.accounts, { token: reader.token, query: { per_page: 100 } });
    const card = res.body.data.find((d) => d.account.id === y.id)!;
    expect(card).toMatchObject({
      reason: 'co_follow',
      because: { account: { id: x.id, username: x.username, name: 'Shared X' } },
    });
    const also = await s.call(discoveryApi.alsoFollowed, { params: { id: x.id } });
    expect(also.body.data.map((a) => a.id)).toContain(y.id);
    // An account nobody may see answers 404, like a missing one.
    await s.ctx.db.execute(sql`update accounts set published_status = 'hidden' where id = ${y.id}`);
    expect((await s.call(discoveryApi.alsoFollowed, { params: { id: y.id } })).status).toBe(404);
    expect((await s.call(discoveryApi.alsoFollowed, { params: { id: x.id } })).body.data).toEqual([]);
    expect((await s.call(discoveryApi.hide, { token: reader.token, params: { id: y.id } })).status).toBe(404);
  });
});

describe('trending posts', () => {
  it('decay with time: a fresh post with a few likes passes a day-old one with many, and 48 hours end it', async () => {
    const t = Date.now() - 100 * HOUR;
    const a = await account();
    const popular = await postOf(a.id, ago(2 * HOUR, t), 'th', 20);
    const quiet = await postOf(a.id, ago(0.1 * HOUR, t), 'th', 2);
    const later = await postOf(a.id, ago(-29 * HOUR, t), 'en', 2);
    const rank = async (at: number, language?: 'th' | 'en') => {
      await refreshDiscovery(s.ctx, new Date(at));
      const res = await s.call(discoveryApi.posts, { query: { per_page: 100, ...(language ? { language } : {}) } });
      expect(res.status).toBe(200);
      return res.body.data.map((p) => p.id).filter((id) => [popular, quiet, later].includes(id));
    };
    expect(await rank(t)).toEqual([popular, quiet]);
    expect(await rank(t + 30 * HOUR)).toEqual([later, popular, quiet]);
    expect(await rank(t + 30 * HOUR, 'th')).toEqual([popular, quiet]);
    expect(await rank(t + 49 * HOUR)).toEqual([later]);
    // A hidden post leaves at once, before the next refresh.
    await s.ctx.db.execute(sql`update posts set visible = false where id = ${later}`);
    expect((await s.call(discoveryApi.posts, { query: { per_page: 100 } })).body.data.map((p) => p.id)).not.toContain(
      later,
    );
  });
});

describe('new and featured creators', () => {
  it('list accounts of the last 7 days that posted, and those the team features (audited)', async () => {
    const fresh = await account({ name: 'Fresh creator' });
    await postOf(fresh.id, ago(HOUR));
    await account({ name: 'Silent creator' });
    const old = await account({ name: 'Old creator' });
    await postOf(old.id, ago(HOUR));
    await s.ctx.db.execute(sql`update accounts set posts_count = 1 where id in (${fresh.id}, ${old.id})`);
    await s.ctx.db.execute(sql`update accounts set created_at = now() - interval '8 days' where id = ${old.id}`);
    const names = (await s.call(discoveryApi.newCreators, { query: { per_page: 100 } })).body.data.map(
      (d) => d.account.name,
    );
    expect(names).toContain('Fresh creator');
    expect(names).not.toContain('Silent creator');
    expect(names).not.toContain('Old creator');

    const admin = await signedIn(s, { role: 'admin' });
    const reader = await signedIn(s);
    const feature = (token: string, id: number, featured: boolean) =>
      s.call(discoveryApi.featureAccount, { token, params: { id }, body: { featured } });
    expect((await feature(reader.token, old.id, true)).status).toBe(403);
    expect((await feature(admin.token, old.id, true)).status).toBe(204);
    expect((await feature(admin.token, 99_999_999, true)).status).toBe(404);
    const featured = await s.call(discoveryApi.featured, {});
    expect(featured.body.data.map((d) => [d.account.name, d.reason])).toContainEqual(['Old creator', 'featured']);
    const [audit] = await queryRows<{ action: string; after: unknown }>(
      s.ctx.db,
      sql`select action, after from audit_log where subject_type = 'account' and subject_id = ${old.id}`,
    );
    expect(audit).toEqual({ action: 'discovery.feature', after: { featured: true } });
    await feature(admin.token, old.id, false);
    expect((await s.call(discoveryApi.featured, {})).body.data.map((d) => d.account.id)).not.toContain(old.id);
  });
});

describe('onboarding', () => {
  it('pre-ticks the interface language, saves and resumes, and refuses what is not a tag', async () => {
    const reader = await signedIn(s, { locale: 'th' });
    const first = await s.call(discoveryApi.onboarding, { token: reader.token, lang: 'th' });
    expect(first.body.data).toEqual({ languages: ['th'], tags: [], done: false });
    const saved = await s.call(discoveryApi.saveOnboarding, {
      token: reader.token,
      body: { languages: ['th', 'en'], tags: ['ข้าวซอย', 'Travel'] },
    });
    expect(saved.body.data).toEqual({ languages: ['th', 'en'], tags: ['ข้าวซอย', 'travel'], done: false });
    // Skipping is done: it stays done, and the choices stay.
    await s.call(discoveryApi.saveOnboarding, { token: reader.token, body: { done: true } });
    await s.call(discoveryApi.saveOnboarding, { token: reader.token, body: { done: false } });
    expect((await s.call(discoveryApi.onboarding, { token: reader.token })).body.data).toEqual({
      languages: ['th', 'en'],
      tags: ['ข้าวซอย', 'travel'],
      done: true,
    });
    const bad = await s.call(discoveryApi.saveOnboarding, {
      token: reader.token,
      body: { tags: ['not a tag'], languages: ['xx' as 'en'] },
    });
    expect(bad.status).toBe(422);
    expect((await s.call(discoveryApi.onboarding, {})).status).toBe(401);
  });
});

describe('starter packs', () => {
  it('are made by creators, changed by their maker or discovery.manage, and open to guests', async () => {
    const maker = await signedIn(s);
    const mine = await createCreatorAccount(s.ctx.db, maker.user.id, { name: 'Maker account' });
    const other = await account({ name: 'Packed account' });
    const pending = await account({ name: 'Pending packed', approved: 'pending' });
    const reader = await signedIn(s);
    const body = { name: 'Yangon food', description: 'Where to eat', account_ids: [mine.id, other.id] };

    expect((await s.call(discoveryApi.createPack, { token: reader.token, body })).status).toBe(403);
    expect((await s.call(discoveryApi.createPack, { body })).status).toBe(401);
    const refused = await s.call(discoveryApi.createPack, {
      token: maker.token,
      body: { ...body, account_ids: [mine.id, pending.id] },
    });
    expect(refused.status).toBe(422);
    expect(refused.error.errors?.account_ids).toBeDefined();
    expect(
      (await s.call(discoveryApi.createPack, { token: maker.token, body: { ...body, account_ids: [] } })).status,
    ).toBe(422);

    const made = await s.call(discoveryApi.createPack, { token: maker.token, body });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Yangon food', accounts_count: 2, can_modify: true, featured: false });
    const id = made.body.data.id;

    const guest = await s.call(discoveryApi.pack, { params: { id } });
    expect(guest.status).toBe(200);
    expect(guest.body.data.accounts.map((a) => a.id)).toEqual([mine.id, other.id]);
    expect(guest.body.data.can_modify).toBe(false);
    expect((await s.call(discoveryApi.pack, { params: { id: 99_999_999 } })).status).toBe(404);

    const otherCreator = await signedIn(s);
    await createCreatorAccount(s.ctx.db, otherCreator.user.id);
    const change = (token: string) =>
      s.call(discoveryApi.updatePack, { token, params: { id }, body: { ...body, name: 'Renamed' } });
    expect((await change(otherCreator.token)).status).toBe(403);
    expect((await s.call(discoveryApi.removePack, { token: otherCreator.token, params: { id } })).status).toBe(403);
    const admin = await signedIn(s, { role: 'admin' });
    expect((await change(admin.token)).status).toBe(200);
    expect((await change(maker.token)).body.data.name).toBe('Renamed');

    const listed = await s.call(discoveryApi.packs, { token: maker.token, query: { mine: 'true' } });
    expect(listed.body.data.map((p) => p.id)).toEqual([id]);

    expect((await s.call(discoveryApi.removePack, { token: maker.token, params: { id } })).status).toBe(204);
    expect((await s.call(discoveryApi.pack, { params: { id } })).status).toBe(404);
  });

  it('follow all: one transaction, again changes nothing, and never past the follow limit', async () => {
    const maker = await signedIn(s);
    await createCreatorAccount(s.ctx.db, maker.user.id);
    const a = await account();
    const b = await account();
    const c = await account();
    const reader = await signedIn(s);
    await s.call(followsApi.follow, { token: reader.token, params: { id: a.id } });
    const pack = (
      await s.call(discoveryApi.createPack, {
        token: maker.token,
        body: { name: 'Three', account_ids: [a.id, b.id, c.id] },
      })
    ).body.data;

    expect((await s.call(discoveryApi.followAll, { params: { id: pack.id } })).status).toBe(401);
    const first = await s.call(discoveryApi.followAll, { token: reader.token, params: { id: pack.id } });
    expect(first.body.data).toEqual({ followed: 2, already: 1 });
    const again = await s.call(discoveryApi.followAll, { token: reader.token, params: { id: pack.id } });
    expect(again.body.data).toEqual({ followed: 0, already: 3 });
    const counts = await queryRows<{ id: number; followers_count: number }>(
      s.ctx.db,
      sql`select id, followers_count from accounts where id in (${a.id}, ${b.id}, ${c.id}) order by id`,
    );
    expect(counts.map((r) => r.followers_count)).toEqual([1, 1, 1]);

    // One short of the limit, a pack of two follows neither.
    const near = await signedIn(s);
    const org = await queryRows<{ organization_id: number }>(
      s.ctx.db,
      sql`select organization_id from accounts where id = ${a.id}`,
    );
    await s.ctx.db.execute(
      sql`with made as (
            insert into accounts (organization_id, name, username, description, approved_status)
            select ${org[0]!.organization_id}, 'Filler ' || g, 'fill_' || ${near.user.id} || '_' || g, '', 'approved'
            from generate_series(1, ${FOLLOWS_MAX - 1}) g returning id)
          insert into follows (user_id, account_id) select ${near.user.id}, id from made`,
    );
    const full = await s.call(discoveryApi.followAll, { token: near.token, params: { id: pack.id } });
    expect(full.status).toBe(409);
    const [row] = await queryRows<{ n: number }>(
      s.ctx.db,
      sql`select count(*)::int as n from follows where user_id = ${near.user.id} and account_id in (${b.id}, ${c.id}, ${a.id})`,
    );
    expect(row!.n).toBe(0);
    // One follow still fits; the next does not.
    expect((await s.call(followsApi.follow, { token: near.token, params: { id: a.id } })).status).toBe(200);
    expect((await s.call(followsApi.follow, { token: near.token, params: { id: b.id } })).status).toBe(409);
  });
});

describe('the weekly digest', () => {
  it('is off until turned on, names the accounts that posted this week, and goes once a week', async () => {
    const wants = await signedIn(s, { locale: 'en' });
    const quiet = await signedIn(s);
    const posted = await account({ name: 'Posted this week' });
    await postOf(posted.id, ago(HOUR));
    const silent = await account({ name: 'Silent for a month' });
    await postOf(silent.id, ago(30 * 24 * HOUR));
    await refreshDiscovery(s.ctx);

    const off = await s.call(notificationsApi.settings, { token: quiet.token });
    expect(off.body.data.digest).toEqual({ in_app: false, push: false });
    expect(off.body.data.like).toEqual({ in_app: true, push: true });
    const on = await s.call(notificationsApi.updateSettings, {
      token: wants.token,
      body: { settings: { digest: { in_app: true, push: false } } },
    });
    expect(on.body.data.digest).toEqual({ in_app: true, push: false });

    // This week's, whatever an earlier run of the file against the same database sent.
    await s.ctx.db.execute(sql`delete from app_state where key like 'discovery:digest:%'`);
    const now = new Date();
    expect(isoWeek(new Date('2026-11-27T12:00:00Z'))).toBe('2026-W48');
    const first = await sendDigests(s.ctx, now);
    expect(first.claimed).toBe(true);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(await sendDigests(s.ctx, now)).toEqual({ sent: 0, claimed: false });

    await new Promise((r) => setTimeout(r, 800));
    const digests = async (token: string) =>
      (await s.call(notificationsApi.list, { token })).body.data.filter((n) => n.type === 'digest');
    const mine = await digests(wants.token);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'New from accounts you may like', url: '/explore' });
    expect(mine[0]!.body).toContain('posted this week');
    expect(await digests(quiet.token)).toEqual([]);
    void silent;
  });
});

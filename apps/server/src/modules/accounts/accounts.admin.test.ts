import {
  accountsApi,
  commentsApi,
  organizationsApi,
  type Permission,
  postsApi,
  searchApi,
  usersApi,
} from '@inkwell/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { accountUsers, accounts, auditLog, notifications, users } from '../../db/schema';
import { accountBody, onCreatorTrial, organizationBody } from '../../../test/creator-helpers';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';
import { jobsSettled } from '../../../test/wait-for';

/** Manual approval, as on a production server: new accounts wait for an administrator. */
let s: TestServer;
let root: Awaited<ReturnType<typeof signedIn>>;
let reader: Awaited<ReturnType<typeof signedIn>>;
const lackers = new Map<Permission, Promise<{ token: string }>>();
/** A person whose role holds every admin permission but `permission`. */
const lacking = (permission: Permission) => {
  let person = lackers.get(permission);
  if (!person) {
    const all: Permission[] = ['accounts.view', 'accounts.edit', 'organizations.view', 'organizations.edit'];
    person = personWithPermissions(
      s,
      `no_${permission.replace('.', '_')}`,
      all.filter((p) => p !== permission),
    );
    lackers.set(permission, person);
  }
  return person;
};

beforeAll(async () => {
  s = await startTestServer({ ACCOUNT_APPROVAL: 'manual' });
  [root, reader] = await Promise.all([signedIn(s, { role: 'root' }), signedIn(s)]);
});
afterAll(async () => {
  await s?.close();
});

/** A signed-in creator with a pending account made through the API (manual approval). */
async function pendingCreator(name = 'Mandalay Notes') {
  const person = await onCreatorTrial(s);
  const org = await s.call(organizationsApi.create, { token: person.token, body: organizationBody() });
  expect(org.status).toBe(201);
  const made = await s.call(accountsApi.create, {
    token: person.token,
    body: accountBody(org.body.data.id, { name }) as never,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.data.approved_status).toBe('pending');
  return { ...person, account: made.body.data };
}

/** The full body of an account edit, from its current fields. */
async function editBody(id: number, over: Record<string, unknown> = {}) {
  const a = (await s.call(accountsApi.edit, { params: { id }, token: root.token })).body.data;
  return {
    name: a.name,
    username: a.username,
    description: a.description,
    url: a.url,
    contact: a.contact,
    profile_url: a.profile_url,
    banner_url: a.banner_url,
    approved_status: a.approved_status,
    published_status: a.published_status,
    ...over,
  };
}

const setStatus = async (id: number, over: Record<string, unknown>, token = root.token) =>
  s.call(accountsApi.update, { params: { id }, token, body: (await editBody(id, over)) as never });

/**
 * The public feed's stored total beside a recount, and every post whose stored `visible` differs from the
 * rule (published, on an approved and published account): both must agree after every status change.
 */
async function visibilityTruth() {
  const [row] = await queryRows<{ stored: number; counted: number; wrong: number }>(
    s.ctx.db,
    sql`select coalesce((select value from counters where key = 'posts.visible'), 0) as stored,
          (select count(*)::int from posts where visible) as counted,
          (select count(*)::int from posts p join accounts a on a.id = p.account_id
            where p.visible <> (p.status = 'published' and a.approved_status = 'approved'
                                and a.published_status = 'published')) as wrong`,
  );
  return row!;
}

const expectTruth = async () => {
  const truth = await visibilityTruth();
  expect(truth.wrong).toBe(0);
  expect(truth.stored).toBe(truth.counted);
};

const feedIds = async () =>
  (await s.call(postsApi.publicFeed, { query: { per_page: 100 } })).body.data.map((p) => p.id);
const searchIds = async (q: string) =>
  (await s.call(searchApi.search, { query: { q, type: 'posts' }, token: reader.token })).body.data.posts.map(
    (p) => p.id,
  );

describe('GET /accounts (admin table)', () => {
  it('pages every account newest first, filters pending and searches name and username', async () => {
    const older = await pendingCreator('Bagan Sunrise Diary');
    const approvedOne = await createCreatorAccount(s.ctx.db, root.user.id, { name: 'Inle Lake Weekly' });
    const newer = await pendingCreator('Bagan Sunset Diary');

    const all = await s.call(accountsApi.adminList, { token: root.token, query: { per_page: 100 } });
    expect(all.status).toBe(200);
    const ids = all.body.data.map((a) => a.id);
    expect(ids.indexOf(newer.account.id)).toBeLessThan(ids.indexOf(approvedOne.id));
    expect(ids.indexOf(approvedOne.id)).toBeLessThan(ids.indexOf(older.account.id));
    expect(all.body.data.find((a) => a.id === newer.account.id)).toEqual({
      id: newer.account.id,
      name: 'Bagan Sunset Diary',
      username: newer.account.username,
      profile_url: null,
      approved_status: 'pending',
      published_status: 'published',
      organization_id: newer.account.organization_id,
      created_at: expect.any(String),
    });

    const pending = await s.call(accountsApi.adminList, {
      token: root.token,
      query: { status: 'pending', per_page: 100 },
    });
    expect(pending.body.data.every((a) => a.approved_status === 'pending')).toBe(true);
    expect(pending.body.data.map((a) => a.id)).toEqual(expect.arrayContaining([older.account.id, newer.account.id]));
    expect(pending.body.data.map((a) => a.id)).not.toContain(approvedOne.id);

    const found = await s.call(accountsApi.adminList, { token: root.token, query: { q: 'bagan' } });
    expect(found.body.data.map((a) => a.id)).toEqual([newer.account.id, older.account.id]);
    const byUsername = await s.call(accountsApi.adminList, {
      token: root.token,
      query: { q: older.account.username.toUpperCase() },
    });
    expect(byUsername.body.data.map((a) => a.id)).toEqual([older.account.id]);
    // Pattern characters are taken literally.
    expect((await s.call(accountsApi.adminList, { token: root.token, query: { q: '%_' } })).body.data).toEqual([]);

    const paged = await s.call(accountsApi.adminList, { token: root.token, query: { q: 'bagan', per_page: 1 } });
    expect(paged.body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(paged.body.meta.links.find((l) => l.active)?.label).toBe('1');
    expect(paged.body.meta.links.at(-1)?.url).toContain('q=bagan');

    const viewer = await personWithPermissions(s, 'account viewer', ['accounts.view']);
    expect((await s.call(accountsApi.adminList, { token: viewer.token })).status).toBe(200);
  });

  it('refuses bad queries (422), guests (401), readers and a role without accounts.view (403)', async () => {
    for (const query of [{ status: 'waiting' }, { per_page: 1000 }, { page: 0 }, { q: 'x'.repeat(101) }]) {
      const res = await s.call(accountsApi.adminList, { rawQuery: query, token: root.token });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
    expect((await s.call(accountsApi.adminList)).status).toBe(401);
    expect((await s.call(accountsApi.adminList, { token: reader.token })).status).toBe(403);
    const without = await lacking('accounts.view');
    expect((await s.call(accountsApi.adminList, { token: without.token })).status).toBe(403);
    // The create on the same path is untouched.
    expect((await s.call(accountsApi.create, { token: reader.token, rawBody: {} })).status).toBe(422);
  });
});

describe('GET /accounts/:id/edit, /organization, /users', () => {
  it('answer the account with every field, its organization, and its people owners first', async () => {
    const owner = await pendingCreator('Shan Hills Kitchen');
    const editor = await signedIn(s, { name: 'Editor Person' });
    await s.ctx.db
      .insert(accountUsers)
      .values({ account_id: owner.account.id, user_id: editor.user.id, role: 'editor' });
    const params = { id: owner.account.id };

    const edit = await s.call(accountsApi.edit, { params, token: root.token });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      id: owner.account.id,
      name: 'Shan Hills Kitchen',
      description: 'Daily notes',
      approved_status: 'pending',
      published_status: 'published',
      organization_id: owner.account.organization_id,
      can_modify: true,
    });

    const org = await s.call(accountsApi.organization, { params, token: root.token });
    expect(org.status).toBe(200);
    expect(org.body.data).toMatchObject({
      id: owner.account.organization_id,
      name: 'Yangon Voices',
      user_id: owner.user.id,
      approved_status: 'pending',
    });

    const people = await s.call(accountsApi.people, { params, token: root.token });
    expect(people.status).toBe(200);
    expect(people.body.data).toEqual([
      {
        id: owner.user.id,
        name: owner.user.name,
        username: owner.user.username,
        profile_url: null,
        pivot: { user_id: owner.user.id, role: 'owner' },
      },
      {
        id: editor.user.id,
        name: 'Editor Person',
        username: editor.user.username,
        profile_url: null,
        pivot: { user_id: editor.user.id, role: 'editor' },
      },
    ]);
    expect(people.body.meta).toMatchObject({ total: 2, current_page: 1 });

    // A viewer without accounts.edit may look but is told it cannot change the account.
    const viewer = await personWithPermissions(s, 'only viewing accounts', ['accounts.view']);
    expect((await s.call(accountsApi.edit, { params, token: viewer.token })).body.data.can_modify).toBe(false);
  });

  it('answer 404 for a missing account, 422 for a bad id, 401, 403 reader and 403 without accounts.view', async () => {
    const { account } = await pendingCreator();
    const without = await lacking('accounts.view');
    for (const endpoint of [accountsApi.edit, accountsApi.organization, accountsApi.people]) {
      expect((await s.call(endpoint, { params: { id: 999_999 }, token: root.token })).status).toBe(404);
      expect((await s.call(endpoint, { params: { id: 'abc' }, token: root.token })).status).toBe(422);
      expect((await s.call(endpoint, { params: { id: account.id } })).status).toBe(401);
      expect((await s.call(endpoint, { params: { id: account.id }, token: reader.token })).status).toBe(403);
      expect((await s.call(endpoint, { params: { id: account.id }, token: without.token })).status).toBe(403);
    }
  });
});

describe('PUT /accounts/:id by an administrator', () => {
  it('changes fields and statuses, with an audit entry', async () => {
    const { account } = await pendingCreator();
    const res = await setStatus(account.id, {
      name: 'Renamed By Admin',
      approved_status: 'approved',
      published_status: 'unpublished',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The account has been updated.');
    expect(res.body.data).toMatchObject({
      name: 'Renamed By Admin',
      approved_status: 'approved',
      published_status: 'unpublished',
    });
    const [entry] = await s.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'account'), eq(auditLog.subject_id, account.id)));
    expect(entry).toMatchObject({
      actor_id: root.user.id,
      action: 'accounts.edit',
      before: { name: 'Mandalay Notes', approved_status: 'pending', published_status: 'published' },
      after: { name: 'Renamed By Admin', approved_status: 'approved', published_status: 'unpublished' },
    });
  });

  it('refuses bad fields with 422 and changes nothing', async () => {
    const { account } = await pendingCreator();
    const before = (await s.ctx.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
    const res = await setStatus(account.id, {
      description: 'x'.repeat(251),
      approved_status: 'maybe',
      url: 'not a link',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.error.errors ?? {}).sort()).toEqual(['approved_status', 'description', 'url']);
    const other = await pendingCreator();
    const taken = await setStatus(account.id, { username: other.account.username, approved_status: 'approved' });
    expect(taken.status).toBe(422);
    expect(taken.error.errors?.username).toEqual(['This username is already taken.']);
    const after = (await s.ctx.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
    expect(after).toEqual(before);
    const audits = await s.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, account.id));
    expect(audits.filter((a) => a.subject_type === 'account')).toEqual([]);
  });

  it('refuses guests (401), readers (403 on a public account, 404 on a hidden one) and a role without accounts.edit', async () => {
    const { account } = await pendingCreator();
    const body = (await editBody(account.id, { approved_status: 'approved' })) as never;
    const params = { id: account.id };
    expect((await s.call(accountsApi.update, { params, body })).status).toBe(401);
    expect((await s.call(accountsApi.update, { params, body, token: reader.token })).status).toBe(404);
    const without = await lacking('accounts.edit');
    const refused = await s.call(accountsApi.update, { params, body, token: without.token });
    expect(refused.status).toBe(403);
    const visible = await createCreatorAccount(s.ctx.db, root.user.id);
    const publicBody = (await editBody(visible.id, { approved_status: 'rejected' })) as never;
    expect(
      (await s.call(accountsApi.update, { params: { id: visible.id }, body: publicBody, token: reader.token })).status,
    ).toBe(403);
    expect(
      (await s.call(accountsApi.update, { params: { id: visible.id }, body: publicBody, token: without.token })).status,
    ).toBe(403);
    expect((await s.ctx.db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.approved_status).toBe(
      'pending',
    );
  });

  it('lets owners edit their fields but not approve or publish their own account', async () => {
    const owner = await pendingCreator();
    const params = { id: owner.account.id };
    const approve = await s.call(accountsApi.update, {
      params,
      token: owner.token,
      body: (await editBody(owner.account.id, { approved_status: 'approved' })) as never,
    });
    expect(approve.status).toBe(403);
    expect(approve.body).toMatchObject({ code: 'creators.status_admin_only' });
    const unpublish = await s.call(accountsApi.update, {
      params,
      token: owner.token,
      body: (await editBody(owner.account.id, { published_status: 'unpublished' })) as never,
    });
    expect(unpublish.status).toBe(403);
    // Sending the statuses unchanged (or not at all) is an ordinary edit, and not audited.
    const same = await s.call(accountsApi.update, {
      params,
      token: owner.token,
      body: (await editBody(owner.account.id, { name: 'Still Pending' })) as never,
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Still Pending', approved_status: 'pending' });
    const audits = await s.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, owner.account.id));
    expect(audits.filter((a) => a.subject_type === 'account')).toEqual([]);
  });
});

describe('approval flow with ACCOUNT_APPROVAL=manual', () => {
  it('approve: the creator publishes and comments as the account; reject and unpublish hide its posts at once', async () => {
    const creator = await pendingCreator('Irrawaddy Journal');
    await s.ctx.db.update(users).set({ locale: 'my' }).where(eq(users.id, creator.user.id));
    const accountId = creator.account.id;
    const word = `irrawaddy${Date.now().toString(36)}`;
    const compose = (content: string) =>
      s.call(postsApi.create, {
        token: creator.token,
        body: { account_id: accountId, type: 'status', content } as never,
      });

    // Pending: the creator cannot publish or comment as the account.
    const refused = await compose(`Waiting ${word}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'posts.account_not_approved' });
    expect((await s.call(usersApi.me, { token: creator.token })).body.data.can_compose).toBe(false);

    // Approved: publishing and commenting as the account work, and the post is public.
    expect((await setStatus(accountId, { approved_status: 'approved' })).status).toBe(200);
    await expectTruth();
    expect((await s.call(usersApi.me, { token: creator.token })).body.data.can_compose).toBe(true);
    const first = await compose(`First light on the river ${word}`);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await compose(`Evening boats ${word}`);
    const postIds = [first.body.data.id, second.body.data.id];
    await expectTruth();
    expect(await feedIds()).toEqual(expect.arrayContaining(postIds));
    expect(await searchIds(word)).toEqual(expect.arrayContaining(postIds));
    const asAccount = await s.call(commentsApi.create, {
      token: creator.token,
      body: { post_id: postIds[0]!, content: 'Thank you for reading', account_id: accountId },
    });
    expect(asAccount.status, JSON.stringify(asAccount.body)).toBe(201);
    expect(asAccount.body.data).toMatchObject({ commentable_type: 'account', commentable_id: accountId });
    expect((await s.call(postsApi.ofAccount, { params: { id: accountId } })).status).toBe(200);

    // Rejected: the posts leave the feed, search and the account page, and the account cannot speak.
    const feedBefore = (await s.call(postsApi.publicFeed)).body.meta.total!;
    expect((await setStatus(accountId, { approved_status: 'rejected' })).status).toBe(200);
    await expectTruth();
    expect((await s.call(postsApi.publicFeed)).body.meta.total).toBe(feedBefore - 2);
    expect(await feedIds()).not.toEqual(expect.arrayContaining([postIds[0]]));
    expect(await searchIds(word)).toEqual([]);
    expect((await s.call(postsApi.ofAccount, { params: { id: accountId } })).status).toBe(404);
    expect((await compose(`After rejection ${word}`)).status).toBe(403);
    const silenced = await s.call(commentsApi.create, {
      token: creator.token,
      body: { post_id: postIds[0]!, content: 'Still here?', account_id: accountId },
    });
    expect(silenced.status).toBe(403);
    // Its people still see their own posts.
    expect((await s.call(postsApi.ofAccount, { params: { id: accountId }, token: creator.token })).status).toBe(200);

    // Approved again, then unpublished and published: the posts follow each change.
    expect((await setStatus(accountId, { approved_status: 'approved' })).status).toBe(200);
    await expectTruth();
    expect(await feedIds()).toEqual(expect.arrayContaining(postIds));
    expect((await setStatus(accountId, { published_status: 'unpublished' })).status).toBe(200);
    await expectTruth();
    expect(await searchIds(word)).toEqual([]);
    expect((await s.call(postsApi.publicFeed)).body.meta.total).toBe(feedBefore - 2);
    expect((await setStatus(accountId, { published_status: 'published' })).status).toBe(200);
    await expectTruth();
    expect((await s.call(postsApi.publicFeed)).body.meta.total).toBe(feedBefore);
    expect(await searchIds(word)).toEqual(expect.arrayContaining(postIds));

    // The owner heard of each decision, in their language; going back to pending tells nobody.
    expect((await setStatus(accountId, { approved_status: 'pending' })).status).toBe(200);
    await expectTruth();
    await jobsSettled(s);
    const told = await s.ctx.db
      .select({
        type: notifications.type,
        actor: notifications.actor_id,
        payload: notifications.payload,
        body: notifications.body,
      })
      .from(notifications)
      .where(and(eq(notifications.user_id, creator.user.id), eq(notifications.type, 'approval')))
      .orderBy(asc(notifications.id));
    const about = { subject_type: 'account', subject_id: accountId, name: 'Irrawaddy Journal' };
    expect(told).toEqual([
      {
        type: 'approval',
        actor: root.user.id,
        payload: { ...about, status: 'approved' },
        body: 'သင့်အကောင့် Irrawaddy Journal ကို အတည်ပြုပြီးပါပြီ။ ယခု ထုတ်ဝေနိုင်ပါပြီ။',
      },
      {
        type: 'approval',
        actor: root.user.id,
        payload: { ...about, status: 'rejected' },
        body: 'သင့်အကောင့် Irrawaddy Journal ကို ပယ်ချလိုက်ပါသည်။ ၎င်း၏ ပို့စ်များကို စာဖတ်သူများထံ မပြတော့ပါ။',
      },
      {
        type: 'approval',
        actor: root.user.id,
        payload: { ...about, status: 'approved' },
        body: 'သင့်အကောင့် Irrawaddy Journal ကို အတည်ပြုပြီးပါပြီ။ ယခု ထုတ်ဝေနိုင်ပါပြီ။',
      },
    ]);

    // Every change an administrator made is in the audit log, in order.
    const entries = await s.ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'account'), eq(auditLog.subject_id, accountId)))
      .orderBy(asc(auditLog.id));
    expect(entries).toEqual([
      { action: 'accounts.edit', after: { approved_status: 'approved' } },
      { action: 'accounts.edit', after: { approved_status: 'rejected' } },
      { action: 'accounts.edit', after: { approved_status: 'approved' } },
      { action: 'accounts.edit', after: { published_status: 'unpublished' } },
      { action: 'accounts.edit', after: { published_status: 'published' } },
      { action: 'accounts.edit', after: { approved_status: 'pending' } },
    ]);
  });

  it('a post written while the account is being rejected is never left visible', async () => {
    const creator = await pendingCreator();
    expect((await setStatus(creator.account.id, { approved_status: 'approved' })).status).toBe(200);
    const body = await editBody(creator.account.id, { approved_status: 'rejected' });
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        s.call(postsApi.create, {
          token: creator.token,
          body: { account_id: creator.account.id, type: 'status', content: `Race ${i}` } as never,
        }),
      ),
      s.call(accountsApi.update, { params: { id: creator.account.id }, token: root.token, body: body as never }),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    await expectTruth();
  });
});

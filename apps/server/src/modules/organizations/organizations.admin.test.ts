import {
  organizationsApi,
  postsApi,
  type AdminOrganizationBody,
  type OrganizationBody,
  type Permission,
} from '@inkwell/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, organizations, users } from '../../db/schema';
import { onCreatorTrial, organizationBody } from '../../../test/creator-helpers';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';
import { jobsSettled } from '../../../test/wait-for';

let s: TestServer;
let root: Awaited<ReturnType<typeof signedIn>>;
let reader: Awaited<ReturnType<typeof signedIn>>;
const lackers = new Map<Permission, Promise<{ token: string }>>();
/** A person whose role holds the organization and account permissions but `permission`. */
const lacking = (permission: Permission) => {
  let person = lackers.get(permission);
  if (!person) {
    const all: Permission[] = ['organizations.view', 'organizations.edit', 'accounts.view', 'accounts.edit'];
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

/** A creator's organization made through the API: pending, as manual approval leaves it. */
async function pendingOrganization(over: Partial<OrganizationBody> = {}) {
  const creator = await onCreatorTrial(s);
  const res = await s.call(organizationsApi.create, { token: creator.token, body: organizationBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.approved_status).toBe('pending');
  return { creator, organization: res.body.data };
}

/** The full admin body of an organization, from its current fields. */
async function editBody(id: number, over: Partial<Record<keyof AdminOrganizationBody, unknown>> = {}) {
  const o = (await s.call(organizationsApi.edit, { params: { id }, token: root.token })).body.data;
  return {
    name: o.name,
    username: o.username,
    description: o.description,
    url: o.url,
    profile_url: o.profile_url,
    approved_status: o.approved_status,
    published_status: o.published_status,
    ...over,
  } as AdminOrganizationBody;
}

describe('GET /organizations (admin table)', () => {
  it('pages every organization newest first with its creator, filters pending and searches', async () => {
    const older = await pendingOrganization({ name: 'Kalaw Hikers Club' });
    const approvedOne = await createCreatorAccount(s.ctx.db, root.user.id);
    const newer = await pendingOrganization({ name: 'Kalaw Tea Growers' });

    const all = await s.call(organizationsApi.adminList, { token: root.token, query: { per_page: 100 } });
    expect(all.status).toBe(200);
    const ids = all.body.data.map((o) => o.id);
    expect(ids.indexOf(newer.organization.id)).toBeLessThan(ids.indexOf(approvedOne.organization_id));
    expect(ids.indexOf(approvedOne.organization_id)).toBeLessThan(ids.indexOf(older.organization.id));
    expect(all.body.data.find((o) => o.id === newer.organization.id)).toEqual({
      id: newer.organization.id,
      name: 'Kalaw Tea Growers',
      username: newer.organization.username,
      creator_name: newer.creator.user.name,
      approved_status: 'pending',
      published_status: 'published',
      created_at: expect.any(String),
    });

    const pending = await s.call(organizationsApi.adminList, {
      token: root.token,
      query: { status: 'pending', per_page: 100 },
    });
    expect(pending.body.data.every((o) => o.approved_status === 'pending')).toBe(true);
    expect(pending.body.data.map((o) => o.id)).not.toContain(approvedOne.organization_id);

    const found = await s.call(organizationsApi.adminList, { token: root.token, query: { q: 'KALAW' } });
    expect(found.body.data.map((o) => o.id)).toEqual([newer.organization.id, older.organization.id]);
    const byUsername = await s.call(organizationsApi.adminList, {
      token: root.token,
      query: { q: older.organization.username },
    });
    expect(byUsername.body.data.map((o) => o.id)).toEqual([older.organization.id]);

    const paged = await s.call(organizationsApi.adminList, { token: root.token, query: { q: 'kalaw', per_page: 1 } });
    expect(paged.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: 2 });
    expect(paged.body.data.map((o) => o.id)).toEqual([newer.organization.id]);

    const viewer = await personWithPermissions(s, 'organization viewer', ['organizations.view']);
    expect((await s.call(organizationsApi.adminList, { token: viewer.token })).status).toBe(200);
  });

  it('refuses bad queries (422), guests (401), readers and a role without organizations.view (403)', async () => {
    for (const query of [{ status: 'unknown' }, { per_page: 101 }, { page: -1 }]) {
      const res = await s.call(organizationsApi.adminList, { rawQuery: query, token: root.token });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
    expect((await s.call(organizationsApi.adminList)).status).toBe(401);
    expect((await s.call(organizationsApi.adminList, { token: reader.token })).status).toBe(403);
    const without = await lacking('organizations.view');
    expect((await s.call(organizationsApi.adminList, { token: without.token })).status).toBe(403);
    // Creating one on the same path is untouched: the free plan still answers 403 for a reader.
    const made = await s.call(organizationsApi.create, { token: reader.token, body: organizationBody() as never });
    expect(made.status).toBe(403);
    expect(made.body).toMatchObject({ code: 'billing.plan_required' });
  });
});

describe('GET /organizations/:id/edit', () => {
  it('answers every field, its creator and the creator’s name', async () => {
    const { creator, organization } = await pendingOrganization({ url: 'https://kalaw.example' });
    const res = await s.call(organizationsApi.edit, { params: { id: organization.id }, token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: organization.id,
      name: 'Yangon Voices',
      username: organization.username,
      description: 'Stories from Yangon',
      url: 'https://kalaw.example',
      profile_url: null,
      user_id: creator.user.id,
      approved_status: 'pending',
      published_status: 'published',
      can_modify: true,
      created_at: expect.any(String),
      creator_name: creator.user.name,
      user: { id: creator.user.id, name: creator.user.name, username: creator.user.username },
    });
    const viewer = await personWithPermissions(s, 'only viewing organizations', ['organizations.view']);
    const seen = await s.call(organizationsApi.edit, { params: { id: organization.id }, token: viewer.token });
    expect(seen.body.data.can_modify).toBe(false);
  });

  it('answers 404, 422, 401, 403 reader and 403 without organizations.view', async () => {
    const { organization } = await pendingOrganization();
    const params = { id: organization.id };
    expect((await s.call(organizationsApi.edit, { params: { id: 999_999 }, token: root.token })).status).toBe(404);
    expect((await s.call(organizationsApi.edit, { params: { id: '1.5' }, token: root.token })).status).toBe(422);
    expect((await s.call(organizationsApi.edit, { params })).status).toBe(401);
    expect((await s.call(organizationsApi.edit, { params, token: reader.token })).status).toBe(403);
    const without = await lacking('organizations.view');
    expect((await s.call(organizationsApi.edit, { params, token: without.token })).status).toBe(403);
  });
});

describe('PUT /organizations/:id', () => {
  it('changes every field with an audit entry, and tells the creator of the decision in their language', async () => {
    const { creator, organization } = await pendingOrganization({ name: 'Hpa-An Caves' });
    await s.ctx.db.update(users).set({ locale: 'th' }).where(eq(users.id, creator.user.id));
    const params = { id: organization.id };
    const res = await s.call(organizationsApi.update, {
      params,
      token: root.token,
      body: await editBody(organization.id, {
        name: 'Hpa-An Caves Society',
        username: `hpa_an_${Date.now().toString(36)}`,
        description: 'Limestone caves and their stories',
        url: '',
        approved_status: 'approved',
        published_status: 'unpublished',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The organization has been updated.');
    expect(res.body.data).toMatchObject({
      name: 'Hpa-An Caves Society',
      description: 'Limestone caves and their stories',
      url: null,
      approved_status: 'approved',
      published_status: 'unpublished',
      creator_name: creator.user.name,
    });
    const th = await s.call(organizationsApi.update, {
      params,
      token: root.token,
      lang: 'th',
      body: await editBody(organization.id, { approved_status: 'rejected' }),
    });
    expect(th.body.message).toBe('อัปเดตองค์กรเรียบร้อยแล้ว');

    const entries = await s.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'organization'), eq(auditLog.subject_id, organization.id)))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor_id: root.user.id,
      action: 'organizations.edit',
      before: {
        name: 'Hpa-An Caves',
        description: 'Stories from Yangon',
        url: 'https://yangon.example',
        approved_status: 'pending',
        published_status: 'published',
      },
      after: {
        name: 'Hpa-An Caves Society',
        description: 'Limestone caves and their stories',
        url: null,
        approved_status: 'approved',
        published_status: 'unpublished',
      },
    });
    expect(entries[1]).toMatchObject({
      before: { approved_status: 'approved' },
      after: { approved_status: 'rejected' },
    });

    await jobsSettled(s);
    const told = await s.ctx.db
      .select({ payload: notifications.payload, account: notifications.account_id, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.user_id, creator.user.id), eq(notifications.type, 'approval')))
      .orderBy(asc(notifications.id));
    const about = { subject_type: 'organization', subject_id: organization.id, name: 'Hpa-An Caves Society' };
    expect(told).toEqual([
      {
        account: null,
        payload: { ...about, status: 'approved' },
        body: 'องค์กร Hpa-An Caves Society ของคุณได้รับการอนุมัติแล้ว',
      },
      {
        account: null,
        payload: { ...about, status: 'rejected' },
        body: 'องค์กร Hpa-An Caves Society ของคุณถูกปฏิเสธ',
      },
    ]);
  });

  it('leaves the accounts in it as they are: what readers see follows each account’s own approval', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const post = await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'status', content: 'Still visible' } as never,
    });
    expect(post.status).toBe(201);
    const res = await s.call(organizationsApi.update, {
      params: { id: account.organization_id },
      token: root.token,
      body: await editBody(account.organization_id, { approved_status: 'rejected' }),
    });
    expect(res.status).toBe(200);
    const feed = await s.call(postsApi.publicFeed, { query: { per_page: 100 } });
    expect(feed.body.data.map((p) => p.id)).toContain(post.body.data.id);
  });

  it('refuses bad fields (422) and changes nothing', async () => {
    const { organization } = await pendingOrganization();
    const other = await pendingOrganization();
    const [before] = await s.ctx.db.select().from(organizations).where(eq(organizations.id, organization.id));
    const params = { id: organization.id };
    const bad = await s.call(organizationsApi.update, {
      params,
      token: root.token,
      body: await editBody(organization.id, {
        name: '',
        description: 'x'.repeat(251),
        url: 'ftp://files.example',
        approved_status: 'maybe',
        published_status: 'hidden',
      }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.error.errors ?? {}).sort()).toEqual([
      'approved_status',
      'description',
      'name',
      'published_status',
      'url',
    ]);
    const missing = await s.call(organizationsApi.update, {
      params: { id: organization.id },
      token: root.token,
      rawBody: { name: 'Only a name' },
    });
    expect(missing.status).toBe(422);
    const taken = await s.call(organizationsApi.update, {
      params,
      token: root.token,
      body: await editBody(organization.id, { username: other.organization.username.toUpperCase() }),
    });
    expect(taken.status).toBe(422);
    expect(taken.error.errors?.username).toEqual(['This username is already taken.']);
    const [after] = await s.ctx.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(after).toEqual(before);
    const audits = await s.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'organization'), eq(auditLog.subject_id, organization.id)));
    expect(audits).toEqual([]);
    const gone = await s.call(organizationsApi.update, {
      params: { id: 999_999 },
      token: root.token,
      body: await editBody(organization.id, { username: 'nobody_has_this' }),
    });
    expect(gone.status).toBe(404);
  });

  it('refuses guests (401), readers, the creator and a role without organizations.edit (403)', async () => {
    const { creator, organization } = await pendingOrganization();
    const params = { id: organization.id };
    const body = await editBody(organization.id, { approved_status: 'approved' });
    expect((await s.call(organizationsApi.update, { params, body })).status).toBe(401);
    expect((await s.call(organizationsApi.update, { params, body, token: reader.token })).status).toBe(403);
    expect((await s.call(organizationsApi.update, { params, body, token: creator.token })).status).toBe(403);
    const without = await lacking('organizations.edit');
    expect((await s.call(organizationsApi.update, { params, body, token: without.token })).status).toBe(403);
    const [row] = await s.ctx.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(row!.approved_status).toBe('pending');
    const editor = await personWithPermissions(s, 'organization editor', ['organizations.edit']);
    expect((await s.call(organizationsApi.update, { params, body, token: editor.token })).status).toBe(200);
  });
});

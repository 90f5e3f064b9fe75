import { auditApi, permissionsApi, rolesApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { authenticate } from '../../platform/auth/authenticate';
import type { FastifyRequest } from 'fastify';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, personWithPermissions, type Cast } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
const fresh = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(n++).toString(36)}`;

const authOf = async (token: string) =>
  (await authenticate(s.ctx, { headers: { authorization: `Bearer ${token}` } } as FastifyRequest))!;

describe('GET /audit', () => {
  it('lists the changes newest first with who made them and the fields before and after', async () => {
    const root = cast.people.root;
    const roleName = fresh('auditors');
    const role = (await s.call(rolesApi.create, { token: root.token, body: { name: roleName } })).body.data;
    const permission = (await s.call(permissionsApi.create, { token: root.token, body: { name: fresh('audit.p') } }))
      .body.data;
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [permission.id] },
    });

    const res = await s.call(auditApi.list, { token: root.token, query: { per_page: 3 } });
    expect(res.status).toBe(200);
    const actor = { id: root.user!.id, name: root.user!.name, username: root.user!.username };
    expect(res.body.data.map((e) => e.action)).toEqual(['roles.permissions', 'permissions.create', 'roles.create']);
    expect(res.body.data[0]).toMatchObject({
      subject_type: 'role',
      subject_id: role.id,
      actor,
      before: { permissions: [] },
      after: { permissions: [permission.name] },
    });
    expect(res.body.data[1]).toMatchObject({
      subject_type: 'permission',
      subject_id: permission.id,
      before: null,
      after: { name: permission.name },
    });
    expect(res.body.data[2]).toMatchObject({ subject_type: 'role', after: { name: roleName }, actor });
    expect(new Date(res.body.data[0]!.created_at).toISOString()).toBe(res.body.data[0]!.created_at);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 3 });
    expect(res.body.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by subject type and by actor, and pages', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const auth = await authOf(admin.token);
    await s.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await recordAudit(tx, auth, {
          action: 'plans.edit',
          subject_type: 'plan',
          subject_id: 100 + i,
          before: { name: `Plan ${i}`, monthly_price: 1 },
          after: { name: `Plan ${i}`, monthly_price: 2 },
        });
      }
    });
    const plans = await s.call(auditApi.list, { token: admin.token, query: { subject_type: 'plan' } });
    expect(plans.body.data.map((e) => e.subject_id)).toEqual([102, 101, 100]);
    // Only the changed fields are kept.
    expect(plans.body.data[0]).toMatchObject({ before: { monthly_price: 1 }, after: { monthly_price: 2 } });
    expect(plans.body.data[0]!.before).not.toHaveProperty('name');

    const mine = await s.call(auditApi.list, { token: admin.token, query: { actor_id: admin.user.id } });
    expect(mine.body.meta.total).toBe(3);
    expect(mine.body.data.every((e) => e.actor?.id === admin.user.id)).toBe(true);

    const page2 = await s.call(auditApi.list, {
      token: admin.token,
      query: { actor_id: admin.user.id, per_page: 2, page: 2 },
    });
    expect(page2.body.data.map((e) => e.subject_id)).toEqual([100]);
    expect(page2.body.meta).toMatchObject({ current_page: 2, last_page: 2, total: 3 });
    const links = page2.body.meta.links.map((l) => l.url).filter(Boolean);
    expect(links.every((url) => url!.includes(`actor_id=${admin.user.id}`))).toBe(true);

    const none = await s.call(auditApi.list, { token: admin.token, query: { subject_type: 'organization' } });
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('keeps the entry when its actor is gone, with no actor', async () => {
    const gone = await signedIn(s, { role: 'admin' });
    const auth = await authOf(gone.token);
    await recordAudit(s.ctx.db, auth, { action: 'posts.reject', subject_type: 'post', subject_id: 7, after: {} });
    await s.ctx.db.delete(users).where(eq(users.id, gone.user.id));
    const [row] = await s.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'posts.reject'));
    expect(row!.actor_id).toBeNull();
    const res = await s.call(auditApi.list, { token: cast.people.root.token, query: { subject_type: 'post' } });
    expect(res.body.data[0]).toMatchObject({ action: 'posts.reject', subject_id: 7, actor: null, before: null });
  });

  it('refuses malformed filters with 422', async () => {
    const token = cast.people.root.token;
    for (const q of ['subject_type=robot', 'actor_id=abc', 'actor_id=0', 'page=0', 'per_page=101', 'page=1001']) {
      expect((await s.call(auditApi.list, { rawQuery: q, token })).status, q).toBe(422);
    }
  });

  it('refuses guests, readers and a role lacking audit.view', async () => {
    expect((await s.call(auditApi.list)).status).toBe(401);
    expect((await s.call(auditApi.list, { token: cast.people.reader.token })).status).toBe(403);
    expect((await s.call(auditApi.list, { token: (await cast.lacking('audit.view')).token })).status).toBe(403);
    const viewer = await personWithPermissions(s, fresh('audit_only'), ['audit.view']);
    expect((await s.call(auditApi.list, { token: viewer.token })).status).toBe(200);
  });
});

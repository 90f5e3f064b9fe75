import {
  auditApi,
  MAX_PERMISSIONS,
  MAX_ROLES,
  PERMISSIONS,
  permissionsApi,
  rolesApi,
  type Permission,
} from '@inkwell/contracts';
import { desc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissions, rolePermissions, roles, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castOf, personWithPermissions, type Cast, type Person } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
let root: Person;
let reader: Person;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  root = cast.people.root;
  reader = cast.people.reader;
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
const fresh = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(n++).toString(36)}`;

/** A person whose role holds exactly these permissions, with the role's id. */
async function holder(granted: readonly Permission[]) {
  const person = await personWithPermissions(s, fresh('r'), granted);
  const [row] = await s.ctx.db.select({ role_id: users.role_id }).from(users).where(eq(users.id, person.user.id));
  return { ...person, roleId: row!.role_id };
}

/** A person whose role holds every permission but these. */
const lacking = (...without: Permission[]) => holder(PERMISSIONS.filter((p) => !without.includes(p)));

async function idsOf(names: readonly string[]): Promise<number[]> {
  const rows = await s.ctx.db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  return names.map((name) => rows.find((r) => r.name === name)!.id);
}

async function roleNamed(name: string) {
  const [row] = await s.ctx.db.select().from(roles).where(eq(roles.name, name));
  return row!;
}

async function namesOfRole(roleId: number): Promise<string[]> {
  const rows = await s.ctx.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId));
  return rows.map((r) => r.name).sort();
}

async function lastAudit(action: string) {
  const [row] = await s.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const auditCount = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

async function newRole(name = fresh('role')) {
  const res = await s.call(rolesApi.create, { token: root.token, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function newPermission(name = fresh('custom.p')) {
  const res = await s.call(permissionsApi.create, { token: root.token, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('GET /roles', () => {
  it('lists every role with its counts, seeded ones marked system', async () => {
    const res = await s.call(rolesApi.list, { token: root.token });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.data.map((r) => [r.name, r]));
    expect(byName.get('root')).toMatchObject({ system: true, permissions_count: PERMISSIONS.length });
    expect(byName.get('admin')).toMatchObject({ system: true, permissions_count: PERMISSIONS.length });
    expect(byName.get('user')).toMatchObject({ system: true, permissions_count: 0 });
    expect(byName.get('user')!.users_count).toBeGreaterThanOrEqual(4);
    expect(byName.get('root')!.users_count).toBeGreaterThanOrEqual(1);
    const made = await newRole();
    const again = await s.call(rolesApi.list, { token: root.token });
    expect(again.body.data.find((r) => r.id === made.id)).toEqual({
      id: made.id,
      name: made.name,
      permissions_count: 0,
      users_count: 0,
      system: false,
    });
  });

  it('is open to roles.manage and to users.role (the user edit screen), to nobody else', async () => {
    for (const granted of [['roles.manage'], ['users.role']] as const) {
      const person = await holder(granted);
      expect((await s.call(rolesApi.list, { token: person.token })).status).toBe(200);
    }
    expect((await s.call(rolesApi.list)).status).toBe(401);
    expect((await s.call(rolesApi.list, { token: reader.token })).status).toBe(403);
    const neither = await lacking('roles.manage', 'users.role');
    const refused = await s.call(rolesApi.list, { token: neither.token });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('forbidden');
  });
});

describe('POST /roles', () => {
  it('adds a role by name (trimmed) with nothing granted, and audits it', async () => {
    const name = fresh('Editor');
    const res = await s.call(rolesApi.create, { token: root.token, body: { name: `  ${name}  ` } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name, permissions_count: 0, users_count: 0, system: false });
    expect(await namesOfRole(res.body.data.id)).toEqual([]);
    const entry = await lastAudit('roles.create');
    expect(entry).toMatchObject({
      actor_id: root.user!.id,
      subject_type: 'role',
      subject_id: res.body.data.id,
      before: null,
      after: { name },
    });
  });

  it('refuses short, long and taken names (any case) with 422, changing nothing', async () => {
    const existing = await newRole();
    const rolesBefore = (await s.call(rolesApi.list, { token: root.token })).body.data.length;
    const audits = await auditCount();
    for (const [name, field] of [
      ['', 'Must be at least 2 characters.'],
      ['  a ', 'Must be at least 2 characters.'],
      ['x'.repeat(51), 'Must be at most 50 characters.'],
      ['ADMIN', 'A role with this name already exists.'],
      [existing.name.toUpperCase(), 'A role with this name already exists.'],
    ] as const) {
      const res = await s.call(rolesApi.create, { token: root.token, body: { name } });
      expect(res.status, name).toBe(422);
      expect(res.error.errors?.name).toEqual([field]);
    }
    const missing = await s.call(rolesApi.create, { token: root.token, rawBody: {} });
    expect(missing.status).toBe(422);
    expect((await s.call(rolesApi.list, { token: root.token })).body.data).toHaveLength(rolesBefore);
    expect(await auditCount()).toBe(audits);
  });

  it('says a name is taken in the reader’s language', async () => {
    const res = await s.call(rolesApi.create, { token: root.token, body: { name: 'Root' }, lang: 'my' });
    expect(res.status).toBe(422);
    expect(res.error.errors?.name).toEqual(['ဤအမည်ဖြင့် အခန်းကဏ္ဍတစ်ခု ရှိပြီးဖြစ်သည်။']);
  });

  it('refuses guests, readers and a role lacking roles.manage (even with users.role)', async () => {
    const name = fresh('nope');
    expect((await s.call(rolesApi.create, { body: { name } })).status).toBe(401);
    expect((await s.call(rolesApi.create, { token: reader.token, body: { name } })).status).toBe(403);
    const without = await lacking('roles.manage');
    expect((await s.call(rolesApi.create, { token: without.token, body: { name } })).status).toBe(403);
    expect(await s.ctx.db.select().from(roles).where(eq(roles.name, name))).toEqual([]);
  });
});

describe('GET /roles/:id/permissions', () => {
  it('answers a role with its permissions by name and what the caller may grant', async () => {
    const role = await newRole();
    const ids = await idsOf(['users.view', 'posts.view']);
    await s.call(rolesApi.setPermissions, { token: root.token, params: { id: role.id }, body: { permissions: ids } });
    const res = await s.call(rolesApi.permissions, { token: root.token, params: { id: role.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: role.id,
      name: role.name,
      system: false,
      editable: true,
      locked_reason: null,
    });
    expect(res.body.data.permissions.map((p) => p.name)).toEqual(['posts.view', 'users.view']);
    // Root may grant everything.
    expect(res.body.data.grantable).toHaveLength((await s.ctx.db.select().from(permissions)).length);

    const manager = await holder(['roles.manage', 'users.view']);
    const seen = await s.call(rolesApi.permissions, { token: manager.token, params: { id: role.id } });
    expect(seen.status).toBe(200);
    expect(seen.body.data.grantable.sort()).toEqual((await idsOf(['roles.manage', 'users.view'])).sort());
  });

  it('shows root holding every permission, not editable', async () => {
    const rootRole = await roleNamed('root');
    const custom = await newPermission();
    const res = await s.call(rolesApi.permissions, { token: root.token, params: { id: rootRole.id } });
    expect(res.body.data).toMatchObject({ editable: false, locked_reason: 'roles.root_locked' });
    const names = res.body.data.permissions.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...PERMISSIONS, custom.name]));
  });

  it('answers 404 for a missing role and 422 for a malformed id', async () => {
    expect((await s.call(rolesApi.permissions, { token: root.token, params: { id: 2_000_000 } })).status).toBe(404);
    expect((await s.call(rolesApi.permissions, { params: { id: 'abc' }, token: root.token })).status).toBe(422);
  });

  it('refuses guests, readers and a role lacking roles.manage', async () => {
    const { id } = await roleNamed('admin');
    expect((await s.call(rolesApi.permissions, { params: { id } })).status).toBe(401);
    expect((await s.call(rolesApi.permissions, { token: reader.token, params: { id } })).status).toBe(403);
    const without = await lacking('roles.manage');
    expect((await s.call(rolesApi.permissions, { token: without.token, params: { id } })).status).toBe(403);
  });
});

describe('POST /roles/:id/permissions', () => {
  it('saves exactly the list (duplicates once) and audits the names before and after', async () => {
    const role = await newRole();
    const [usersView, postsView, auditView] = await idsOf(['users.view', 'posts.view', 'audit.view']);
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [usersView!, auditView!] },
    });
    const res = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [usersView!, postsView!, postsView!] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.permissions.map((p) => p.name)).toEqual(['posts.view', 'users.view']);
    expect(await namesOfRole(role.id)).toEqual(['posts.view', 'users.view']);
    expect(await lastAudit('roles.permissions')).toMatchObject({
      actor_id: root.user!.id,
      subject_type: 'role',
      subject_id: role.id,
      before: { permissions: ['audit.view', 'users.view'] },
      after: { permissions: ['posts.view', 'users.view'] },
    });

    // The same list again changes nothing and records nothing.
    const audits = await auditCount();
    const same = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [postsView!, usersView!] },
    });
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(audits);

    // An empty list takes everything away.
    const none = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [] },
    });
    expect(none.body.data.permissions).toEqual([]);
    expect(await namesOfRole(role.id)).toEqual([]);
  });

  it('refuses unknown ids, malformed lists and more than the cap with 422, changing nothing', async () => {
    const role = await newRole();
    const [usersView] = await idsOf(['users.view']);
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [usersView!] },
    });
    const audits = await auditCount();
    const unknown = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [usersView!, 2_000_000] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.error.errors?.permissions).toEqual([
      'Some of the chosen permissions no longer exist. Reload the page and try again.',
    ]);
    for (const body of [
      { permissions: ['x'] },
      { permissions: [0] },
      { permissions: 'users.view' },
      {},
      { permissions: Array.from({ length: MAX_PERMISSIONS + 1 }, (_, i) => i + 1) },
    ]) {
      const res = await s.call(rolesApi.setPermissions, { params: { id: role.id }, token: root.token, rawBody: body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect(await namesOfRole(role.id)).toEqual(['users.view']);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses to edit root's permissions (409, translated)", async () => {
    const rootRole = await roleNamed('root');
    const before = await namesOfRole(rootRole.id);
    const res = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: rootRole.id },
      body: { permissions: [] },
      lang: 'th',
    });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({
      code: 'roles.root_locked',
      message: 'root มีสิทธิ์ทุกอย่างเสมอ จึงแก้ไขสิทธิ์ของ root ไม่ได้',
    });
    expect(await namesOfRole(rootRole.id)).toEqual(before);
    expect(await lastAudit('roles.permissions_refused')).toMatchObject({
      actor_id: root.user!.id,
      subject_id: rootRole.id,
      after: { reason: 'roles.root_locked', added: [], removed: before },
    });
  });

  it('lets nobody grant a permission they do not hold; what they hold may be granted and taken away', async () => {
    const manager = await holder(['roles.manage', 'users.view']);
    const role = await newRole();
    const [usersView, postsView, rolesManage] = await idsOf(['users.view', 'posts.view', 'roles.manage']);
    // Granting what one lacks: 403, nothing saved.
    const raise = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: role.id },
      body: { permissions: [usersView!, postsView!] },
    });
    expect(raise.status).toBe(403);
    expect(raise.error).toMatchObject({
      code: 'roles.grant_not_held',
      message: 'You can only grant permissions that you hold yourself.',
    });
    expect(await namesOfRole(role.id)).toEqual([]);
    // Not even to one's own role, which is not theirs to edit at all.
    const own = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: manager.roleId },
      body: { permissions: [usersView!, rolesManage!, postsView!] },
    });
    expect(own.status).toBe(403);
    expect(own.error.code).toBe('roles.own_role');
    expect(await namesOfRole(manager.roleId)).toEqual(['roles.manage', 'users.view']);
    // What one holds may be granted, and taken away again.
    const ok = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: role.id },
      body: { permissions: [usersView!, rolesManage!] },
    });
    expect(ok.status).toBe(200);
    const drop = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: role.id },
      body: { permissions: [rolesManage!] },
    });
    expect(drop.status).toBe(200);
    expect(await namesOfRole(role.id)).toEqual(['roles.manage']);
    expect(await lastAudit('roles.permissions')).toMatchObject({
      actor_id: manager.user.id,
      before: { permissions: ['roles.manage', 'users.view'] },
      after: { permissions: ['roles.manage'] },
    });
  });

  it("changes what the role's people may do on their very next request", async () => {
    const person = await holder(['users.view']);
    const [usersView, auditView] = await idsOf(['users.view', 'audit.view']);
    const readAudit = () => s.call(auditApi.list, { token: person.token });
    expect((await readAudit()).status).toBe(403);
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: person.roleId },
      body: { permissions: [usersView!, auditView!] },
    });
    expect((await readAudit()).status).toBe(200);
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: person.roleId },
      body: { permissions: [usersView!] },
    });
    expect((await readAudit()).status).toBe(403);
  });

  it('answers 404 for a missing role', async () => {
    const res = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: 2_000_000 },
      body: { permissions: [] },
    });
    expect(res.status).toBe(404);
  });

  it('refuses guests, readers and a role lacking roles.manage', async () => {
    const role = await newRole();
    const [usersView] = await idsOf(['users.view']);
    const body = { permissions: [usersView!] };
    expect((await s.call(rolesApi.setPermissions, { params: { id: role.id }, body })).status).toBe(401);
    expect((await s.call(rolesApi.setPermissions, { token: reader.token, params: { id: role.id }, body })).status).toBe(
      403,
    );
    const without = await lacking('roles.manage');
    expect(
      (await s.call(rolesApi.setPermissions, { token: without.token, params: { id: role.id }, body })).status,
    ).toBe(403);
    expect(await namesOfRole(role.id)).toEqual([]);
  });
});

describe('a narrow roles.manage holder (a trimmed administrator)', () => {
  /** Holds roles.manage and two more permissions, and nothing else. */
  const trimmed = () => holder(['roles.manage', 'users.view', 'posts.view']);

  /** A custom role holding exactly these permissions, set up by root. */
  async function customRole(granted: readonly Permission[]) {
    const role = await newRole();
    const res = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: await idsOf(granted) },
    });
    expect(res.status).toBe(200);
    return role;
  }

  /**
   * Saves `wanted` on the role as `person` and expects the refusal: 403 with `code`, the role unchanged, no
   * change audited and exactly one refusal entry saying why and what the save would have added and removed.
   */
  async function expectRefused(
    person: { token: string; user: { id: number } },
    roleId: number,
    wanted: readonly string[],
    code: string,
    change: { added: string[]; removed: string[] },
  ) {
    const before = await namesOfRole(roleId);
    const changes = (await s.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'roles.permissions'))).length;
    const audits = await auditCount();
    const res = await s.call(rolesApi.setPermissions, {
      token: person.token,
      params: { id: roleId },
      body: { permissions: await idsOf(wanted) },
    });
    expect(res.status, code).toBe(403);
    expect(res.error.code).toBe(code);
    expect(await namesOfRole(roleId)).toEqual(before);
    expect((await s.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'roles.permissions'))).length).toBe(
      changes,
    );
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit('roles.permissions_refused')).toMatchObject({
      actor_id: person.user.id,
      subject_type: 'role',
      subject_id: roleId,
      before: null,
      after: { reason: code, ...change },
    });
    return res;
  }

  it('cannot strip the admin role down to one permission', async () => {
    const manager = await trimmed();
    const admin = await roleNamed('admin');
    const res = await expectRefused(manager, admin.id, ['roles.manage'], 'roles.system_root_only', {
      added: [],
      removed: PERMISSIONS.filter((p) => p !== 'roles.manage').sort(),
    });
    expect(res.error.message).toBe('Only root can change the permissions of the built-in user and admin roles.');
    expect(await namesOfRole(admin.id)).toEqual([...PERMISSIONS].sort());
  });

  it('cannot give the user role users.view and users.edit, nor even one permission it holds', async () => {
    const manager = await trimmed();
    const user = await roleNamed('user');
    await expectRefused(manager, user.id, ['users.view', 'users.edit'], 'roles.system_root_only', {
      added: ['users.edit', 'users.view'],
      removed: [],
    });
    await expectRefused(manager, user.id, ['users.view'], 'roles.system_root_only', {
      added: ['users.view'],
      removed: [],
    });
    expect(await namesOfRole(user.id)).toEqual([]);
  });

  it('cannot edit their own role, neither adding nor taking away', async () => {
    const manager = await trimmed();
    await expectRefused(manager, manager.roleId, ['roles.manage', 'users.view'], 'roles.own_role', {
      added: [],
      removed: ['posts.view'],
    });
    await expectRefused(manager, manager.roleId, [], 'roles.own_role', {
      added: [],
      removed: ['posts.view', 'roles.manage', 'users.view'],
    });
  });

  it('cannot edit a role holding a permission they lack, even touching only what they hold', async () => {
    const manager = await trimmed();
    const senior = await customRole(['users.view', 'posts.view', 'audit.view']);
    await expectRefused(manager, senior.id, ['audit.view', 'posts.view'], 'roles.outranked', {
      added: [],
      removed: ['users.view'],
    });
    // Saving the same list is refused too: the role is not theirs to save.
    await expectRefused(manager, senior.id, ['audit.view', 'posts.view', 'users.view'], 'roles.outranked', {
      added: [],
      removed: [],
    });
  });

  it('cannot remove a permission they lack, nor grant one', async () => {
    const manager = await trimmed();
    const senior = await customRole(['users.view', 'audit.view']);
    const res = await expectRefused(manager, senior.id, ['users.view'], 'roles.remove_not_held', {
      added: [],
      removed: ['audit.view'],
    });
    expect(res.error.message).toBe('You can only take away permissions that you hold yourself.');
    const junior = await customRole(['users.view']);
    await expectRefused(manager, junior.id, ['users.view', 'insights.view'], 'roles.grant_not_held', {
      added: ['insights.view'],
      removed: [],
    });
  });

  it('says why in the reader’s language', async () => {
    const manager = await trimmed();
    const user = await roleNamed('user');
    const [usersView] = await idsOf(['users.view']);
    const mine = await customRole(['users.view', 'audit.view']);
    for (const [lang, id, message] of [
      ['my', user.id, 'မူလပါရှိသော user နှင့် admin အခန်းကဏ္ဍများ၏ ခွင့်ပြုချက်များကို root သာ ပြောင်းလဲနိုင်ပါသည်။'],
      ['th', manager.roleId, 'คุณเปลี่ยนสิทธิ์ของบทบาทตัวเองไม่ได้'],
      ['th', mine.id, 'คุณแก้ไขบทบาทนี้ไม่ได้ เพราะบทบาทนี้มีสิทธิ์ที่คุณไม่มี'],
    ] as const) {
      const res = await s.call(rolesApi.setPermissions, {
        token: manager.token,
        params: { id },
        body: { permissions: [usersView!, ...(await idsOf(['audit.view']))] },
        lang,
      });
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(message);
    }
  });

  it('sees the roles it may not edit as read-only, with the reason', async () => {
    const manager = await trimmed();
    const senior = await customRole(['users.view', 'audit.view']);
    const junior = await customRole(['users.view']);
    const expected: [number, string | null][] = [
      [(await roleNamed('root')).id, 'roles.root_locked'],
      [(await roleNamed('admin')).id, 'roles.system_root_only'],
      [(await roleNamed('user')).id, 'roles.system_root_only'],
      [manager.roleId, 'roles.own_role'],
      [senior.id, 'roles.outranked'],
      [junior.id, null],
    ];
    for (const [id, reason] of expected) {
      const res = await s.call(rolesApi.permissions, { token: manager.token, params: { id } });
      expect(res.status).toBe(200);
      expect(res.body.data, String(reason)).toMatchObject({ editable: reason === null, locked_reason: reason });
    }
    // Root may edit every role but its own.
    for (const [id] of expected.slice(1)) {
      const res = await s.call(rolesApi.permissions, { token: root.token, params: { id } });
      expect(res.body.data).toMatchObject({ editable: true, locked_reason: null });
    }
  });

  it('edits a custom role whose permissions they all hold, adding and removing what they hold', async () => {
    const manager = await trimmed();
    const junior = await customRole(['users.view']);
    const [usersView, postsView] = await idsOf(['users.view', 'posts.view']);
    const add = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: junior.id },
      body: { permissions: [usersView!, postsView!] },
    });
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ editable: true, locked_reason: null });
    expect(await namesOfRole(junior.id)).toEqual(['posts.view', 'users.view']);
    const remove = await s.call(rolesApi.setPermissions, {
      token: manager.token,
      params: { id: junior.id },
      body: { permissions: [postsView!] },
    });
    expect(remove.status).toBe(200);
    expect(await namesOfRole(junior.id)).toEqual(['posts.view']);
    expect(await lastAudit('roles.permissions')).toMatchObject({
      actor_id: manager.user.id,
      subject_id: junior.id,
      before: { permissions: ['posts.view', 'users.view'] },
      after: { permissions: ['posts.view'] },
    });
  });
});

describe('root and the built-in roles', () => {
  it('root edits the admin role and the user role', async () => {
    const admin = await roleNamed('admin');
    const user = await roleNamed('user');
    const allButInsights = await idsOf(PERMISSIONS.filter((p) => p !== 'insights.view'));
    const trimAdmin = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: admin.id },
      body: { permissions: allButInsights },
    });
    expect(trimAdmin.status).toBe(200);
    expect(await namesOfRole(admin.id)).not.toContain('insights.view');
    const restoreAdmin = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: admin.id },
      body: { permissions: await idsOf(PERMISSIONS) },
    });
    expect(restoreAdmin.status).toBe(200);
    expect(await namesOfRole(admin.id)).toEqual([...PERMISSIONS].sort());

    const [postsView] = await idsOf(['posts.view']);
    const grantUser = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: user.id },
      body: { permissions: [postsView!] },
    });
    expect(grantUser.status).toBe(200);
    expect(await namesOfRole(user.id)).toEqual(['posts.view']);
    expect(await lastAudit('roles.permissions')).toMatchObject({
      actor_id: root.user!.id,
      subject_id: user.id,
      after: { permissions: ['posts.view'] },
    });
    const clearUser = await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: user.id },
      body: { permissions: [] },
    });
    expect(clearUser.status).toBe(200);
    expect(await namesOfRole(user.id)).toEqual([]);
  });

  it('the seeded admin role, holding everything, still may not edit user or admin', async () => {
    const admin = cast.people.admin;
    const user = await roleNamed('user');
    const res = await s.call(rolesApi.setPermissions, {
      token: admin.token,
      params: { id: user.id },
      body: { permissions: await idsOf(['users.view']) },
    });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('roles.system_root_only');
    expect(await namesOfRole(user.id)).toEqual([]);
  });
});

describe('GET /permissions', () => {
  it('pages the permissions by name with their role counts; built-in ones marked', async () => {
    const res = await s.call(permissionsApi.list, { token: root.token, query: { per_page: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    const total = (await s.ctx.db.select().from(permissions)).length;
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 5, total, last_page: Math.ceil(total / 5) });
    const names = res.body.data.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    const page2 = await s.call(permissionsApi.list, { token: root.token, query: { per_page: 5, page: 2 } });
    expect(page2.body.data[0]!.name > names[4]!).toBe(true);
    const usersEdit = (
      await s.call(permissionsApi.list, { token: root.token, query: { search: 'users.edit' } })
    ).body.data.find((p) => p.name === 'users.edit');
    // Root, admin and the cast's roles lacking another permission hold it.
    expect(usersEdit).toMatchObject({ system: true });
    expect(usersEdit!.roles_count).toBeGreaterThanOrEqual(2);
  });

  it('answers every permission with q=all, in the same paged shape', async () => {
    const res = await s.call(permissionsApi.list, { token: root.token, query: { q: 'all' } });
    expect(res.status).toBe(200);
    const total = (await s.ctx.db.select().from(permissions)).length;
    expect(res.body.data).toHaveLength(total);
    expect(res.body.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: MAX_PERMISSIONS, total });
    expect(
      res.body.data
        .filter((p) => p.system)
        .map((p) => p.name)
        .sort(),
    ).toEqual([...PERMISSIONS].sort());
  });

  it('searches by part of the name; % and _ are letters', async () => {
    const mine = await newPermission(fresh('reports.export'));
    const res = await s.call(permissionsApi.list, { token: root.token, query: { search: mine.name.slice(0, 14) } });
    expect(res.body.data.map((p) => p.name)).toContain(mine.name);
    expect(res.body.data.every((p) => p.name.includes('reports.export'))).toBe(true);
    const wildcard = await s.call(permissionsApi.list, { token: root.token, query: { search: '%' } });
    expect(wildcard.body.data).toEqual([]);
    expect(wildcard.body.meta.total).toBe(0);
  });

  it('refuses malformed queries with 422', async () => {
    for (const q of ['q=everything', 'page=0', 'per_page=101', `search=${'a'.repeat(101)}`]) {
      expect((await s.call(permissionsApi.list, { rawQuery: q, token: root.token })).status, q).toBe(422);
    }
  });

  it('is open to permissions.manage and to roles.manage (the role screen), to nobody else', async () => {
    for (const granted of [['permissions.manage'], ['roles.manage']] as const) {
      const person = await holder(granted);
      expect((await s.call(permissionsApi.list, { token: person.token, query: { q: 'all' } })).status).toBe(200);
    }
    expect((await s.call(permissionsApi.list)).status).toBe(401);
    expect((await s.call(permissionsApi.list, { token: reader.token })).status).toBe(403);
    const neither = await lacking('permissions.manage', 'roles.manage');
    expect((await s.call(permissionsApi.list, { token: neither.token })).status).toBe(403);
  });
});

describe('POST /permissions', () => {
  it('adds a permission that root holds at once, and audits it', async () => {
    const name = fresh('reports.view');
    const res = await s.call(permissionsApi.create, { token: root.token, body: { name: ` ${name} ` } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name, system: false, roles_count: 1 });
    expect(await namesOfRole((await roleNamed('root')).id)).toContain(name);
    expect(await lastAudit('permissions.create')).toMatchObject({
      actor_id: root.user!.id,
      subject_type: 'permission',
      subject_id: res.body.data.id,
      after: { name },
    });
  });

  it('refuses malformed, long, taken and reserved names with 422, changing nothing', async () => {
    const taken = await newPermission();
    const count = (await s.ctx.db.select().from(permissions)).length;
    const audits = await auditCount();
    const format =
      'Use lowercase letters a–z, digits and underscores, starting with a letter, with parts separated by dots (posts.review).';
    for (const [name, message] of [
      ['', 'This field is required.'],
      ['Reports.View', format],
      ['reports view', format],
      ['1reports', format],
      ['reports..view', format],
      ['reports.', format],
      [`a${'.b'.repeat(50)}`, 'Must be at most 100 characters.'],
      [taken.name, 'A permission with this name already exists.'],
      ['users.edit', 'This name belongs to a built-in permission. Choose another one.'],
      ['users.update', 'This name belongs to a built-in permission. Choose another one.'],
    ] as const) {
      const res = await s.call(permissionsApi.create, { token: root.token, body: { name } });
      expect(res.status, name).toBe(422);
      expect(res.error.errors?.name, name).toEqual([message]);
    }
    expect((await s.ctx.db.select().from(permissions)).length).toBe(count);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses guests, readers and a role lacking permissions.manage (even with roles.manage)', async () => {
    const name = fresh('nope.p');
    expect((await s.call(permissionsApi.create, { body: { name } })).status).toBe(401);
    expect((await s.call(permissionsApi.create, { token: reader.token, body: { name } })).status).toBe(403);
    const without = await lacking('permissions.manage');
    expect((await s.call(permissionsApi.create, { token: without.token, body: { name } })).status).toBe(403);
    expect(await s.ctx.db.select().from(permissions).where(eq(permissions.name, name))).toEqual([]);
  });
});

describe('PUT /permissions/:id', () => {
  it('renames a created permission and audits old and new names', async () => {
    const made = await newPermission();
    const name = fresh('renamed.p');
    const res = await s.call(permissionsApi.update, { token: root.token, params: { id: made.id }, body: { name } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: made.id, name, system: false });
    expect(await lastAudit('permissions.update')).toMatchObject({
      subject_id: made.id,
      before: { name: made.name },
      after: { name },
    });
    // Keeping the name is a no-op.
    const audits = await auditCount();
    const same = await s.call(permissionsApi.update, { token: root.token, params: { id: made.id }, body: { name } });
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses to rename a built-in permission (409, translated)', async () => {
    const [id] = await idsOf(['users.edit']);
    const res = await s.call(permissionsApi.update, {
      token: root.token,
      params: { id: id! },
      body: { name: 'users.editing' },
      lang: 'my',
    });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({
      code: 'permissions.built_in',
      message: 'ဤသည်မှာ စနစ်တွင် မူလပါရှိသော ခွင့်ပြုချက်ဖြစ်၍ အမည်ပြောင်းခြင်း သို့မဟုတ် ဖျက်ခြင်း မပြုနိုင်ပါ။',
    });
    expect((await s.ctx.db.select().from(permissions).where(eq(permissions.id, id!)))[0]!.name).toBe('users.edit');
  });

  it('refuses invalid, taken and reserved names (422) and missing ids (404)', async () => {
    const made = await newPermission();
    const other = await newPermission();
    for (const name of ['Bad Name', other.name, 'posts.moderate', 'posts.reject']) {
      const res = await s.call(permissionsApi.update, { token: root.token, params: { id: made.id }, body: { name } });
      expect(res.status, name).toBe(422);
    }
    expect((await s.ctx.db.select().from(permissions).where(eq(permissions.id, made.id)))[0]!.name).toBe(made.name);
    const missing = await s.call(permissionsApi.update, {
      token: root.token,
      params: { id: 2_000_000 },
      body: { name: 'x.y' },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses guests, readers and a role lacking permissions.manage', async () => {
    const made = await newPermission();
    const body = { name: fresh('hijack.p') };
    const params = { id: made.id };
    expect((await s.call(permissionsApi.update, { params, body })).status).toBe(401);
    expect((await s.call(permissionsApi.update, { token: reader.token, params, body })).status).toBe(403);
    const without = await lacking('permissions.manage');
    expect((await s.call(permissionsApi.update, { token: without.token, params, body })).status).toBe(403);
  });
});

describe('DELETE /permissions/:id', () => {
  it('deletes a created permission with its role links, and audits which roles held it', async () => {
    const made = await newPermission();
    const role = await newRole();
    await s.call(rolesApi.setPermissions, {
      token: root.token,
      params: { id: role.id },
      body: { permissions: [made.id] },
    });
    const res = await s.call(permissionsApi.remove, { token: root.token, params: { id: made.id } });
    expect(res.status).toBe(204);
    expect(await s.ctx.db.select().from(permissions).where(eq(permissions.id, made.id))).toEqual([]);
    expect(await s.ctx.db.select().from(rolePermissions).where(eq(rolePermissions.permission_id, made.id))).toEqual([]);
    const entry = await lastAudit('permissions.delete');
    expect(entry).toMatchObject({ subject_type: 'permission', subject_id: made.id, after: null });
    expect(entry!.before).toEqual({ name: made.name, roles: [role.name, 'root'].sort() });
    expect((await s.call(permissionsApi.remove, { token: root.token, params: { id: made.id } })).status).toBe(404);
  });

  it('refuses to delete a built-in permission (409)', async () => {
    const [id] = await idsOf(['audit.view']);
    const res = await s.call(permissionsApi.remove, { token: root.token, params: { id: id! } });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe('This is a built-in permission: it cannot be renamed or deleted.');
    expect(await s.ctx.db.select().from(permissions).where(eq(permissions.id, id!))).toHaveLength(1);
  });

  it('refuses guests, readers and a role lacking permissions.manage', async () => {
    const made = await newPermission();
    const params = { id: made.id };
    expect((await s.call(permissionsApi.remove, { params })).status).toBe(401);
    expect((await s.call(permissionsApi.remove, { token: reader.token, params })).status).toBe(403);
    const without = await lacking('permissions.manage');
    expect((await s.call(permissionsApi.remove, { token: without.token, params })).status).toBe(403);
    expect(await s.ctx.db.select().from(permissions).where(eq(permissions.id, made.id))).toHaveLength(1);
  });
});

describe('limits', () => {
  it(`stops at ${MAX_ROLES} roles and ${MAX_PERMISSIONS} permissions (409)`, async () => {
    const db = s.ctx.db;
    const roleCount = (await db.select().from(roles)).length;
    const filler = Array.from({ length: MAX_ROLES - roleCount }, (_, i) => ({ name: `filler_role_${i}` }));
    await db.insert(roles).values(filler);
    const full = await s.call(rolesApi.create, { token: root.token, body: { name: fresh('one_more') } });
    expect(full.status).toBe(409);
    expect(full.error.message).toBe(`There are already ${MAX_ROLES} roles; no more can be added.`);
    await db.delete(roles).where(like(roles.name, 'filler_role_%'));

    const permissionCount = (await db.select().from(permissions)).length;
    await db
      .insert(permissions)
      .values(Array.from({ length: MAX_PERMISSIONS - permissionCount }, (_, i) => ({ name: `filler.p${i}` })));
    const tooMany = await s.call(permissionsApi.create, { token: root.token, body: { name: fresh('one.more') } });
    expect(tooMany.status).toBe(409);
    // Every one still fits in the q=all answer.
    const all = await s.call(permissionsApi.list, { token: root.token, query: { q: 'all' } });
    expect(all.body.data).toHaveLength(MAX_PERMISSIONS);
    await db.delete(permissions).where(like(permissions.name, 'filler.p%'));
  });
});

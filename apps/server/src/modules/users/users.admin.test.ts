import { identityApi, insightsApi, usersApi } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema';
import { createUser } from '../../seed/factories';
import { roleIdByName } from '../../seed/system';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, personWithPermissions, type Cast } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
let roleIds: { user: number; admin: number; root: number };

beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  roleIds = {
    user: await roleIdByName(s.ctx.db, 'user'),
    admin: await roleIdByName(s.ctx.db, 'admin'),
    root: await roleIdByName(s.ctx.db, 'root'),
  };
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const root = () => cast.people.root;
const reader = () => cast.people.reader;

async function auditOf(action: string, subjectId: number) {
  return s.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject_id, subjectId)));
}

async function userRow(id: number) {
  const [row] = await s.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

let seq = 0;
/** A distinctive word for names, so a search finds only this test's people. */
const word = () => `zq${Date.now().toString(36)}${(seq++).toString(36)}`;

describe('GET /users', () => {
  it('finds people by name or username for everyone signed in, public fields only', async () => {
    const w = word();
    const a = await createUser(s.ctx.db, { name: `Aye ${w}`, username: `${w}_a` });
    const b = await createUser(s.ctx.db, { name: 'Somebody Else', username: `${w}_b` });
    const res = await s.call(usersApi.list, { query: { q: w }, token: reader().token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    for (const item of res.body.data)
      expect(Object.keys(item).sort()).toEqual(['id', 'name', 'profile_url', 'username']);
    expect(res.body.meta).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    // An e-mail address is not a way to find people for a reader.
    const byMail = await s.call(usersApi.list, { query: { q: `${w}_a@example` }, token: reader().token });
    expect(byMail.body.data).toEqual([]);
  });

  it('shows a reader only people who can sign in: not the unactivated, not the suspended', async () => {
    const w = word();
    const active = await createUser(s.ctx.db, { name: `Active ${w}` });
    const waiting = await createUser(s.ctx.db, { name: `Waiting ${w}`, activated: false });
    const away = await createUser(s.ctx.db, { name: `Away ${w}` });
    await s.ctx.db
      .update(users)
      .set({ suspended_at: sql`now()` })
      .where(eq(users.id, away.id));
    const seen = await s.call(usersApi.list, { query: { q: w }, token: reader().token });
    expect(seen.body.data.map((u) => u.id)).toEqual([active.id]);
    const admin = await s.call(usersApi.list, { query: { q: w, sort: 'oldest' }, token: root().token });
    expect(admin.body.data.map((u) => u.id)).toEqual([active.id, waiting.id, away.id]);
  });

  it('gives a users.view holder e-mail, role and status, and finds by e-mail', async () => {
    const w = word();
    const person = await createUser(s.ctx.db, { name: 'Mail Only', username: `m_${w}`, email: `${w}@mail.test` });
    const viewer = await personWithPermissions(s, `viewer_${w}`, ['users.view']);
    const res = await s.call(usersApi.list, { query: { q: `${w}@mail` }, token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: person.id,
        name: 'Mail Only',
        username: `m_${w}`,
        profile_url: null,
        email: `${w}@mail.test`,
        role_name: 'user',
        suspended_at: null,
        created_at: person.created_at.toISOString(),
      },
    ]);
    // Holding every other permission but users.view is not enough for the admin fields.
    const lacking = await cast.lacking('users.view');
    const trimmed = await s.call(usersApi.list, { query: { q: `m_${w}` }, token: lacking.token });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.data).toEqual([{ id: person.id, name: 'Mail Only', username: `m_${w}`, profile_url: null }]);
    expect((await s.call(usersApi.list, { query: { q: `${w}@mail` }, token: lacking.token })).body.data).toEqual([]);
  });

  it('pages with meta and sorts newest, oldest and by name', async () => {
    const w = word();
    const made = [];
    for (const name of ['Charlie', 'alpha', 'Bravo']) made.push(await createUser(s.ctx.db, { name: `${name} ${w}` }));
    const ids = made.map((u) => u.id);
    const page = async (query: Record<string, string | number>) =>
      (await s.call(usersApi.list, { query: { q: w, per_page: 2, ...query }, token: root().token })).body;
    const first = await page({ sort: 'newest' });
    expect(first.data.map((u) => u.id)).toEqual([ids[2], ids[1]]);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.meta.links.find((l) => l.active)!.label).toBe('1');
    expect(first.meta.links.at(-1)!.url).toContain(`q=${w}`);
    expect((await page({ sort: 'newest', page: 2 })).data.map((u) => u.id)).toEqual([ids[0]]);
    expect((await page({ sort: 'oldest', per_page: 3 })).data.map((u) => u.id)).toEqual(ids);
    expect((await page({ sort: 'name', per_page: 3 })).data.map((u) => u.name)).toEqual([
      `alpha ${w}`,
      `Bravo ${w}`,
      `Charlie ${w}`,
    ]);
    // No search lists everyone, newest first.
    const all = await s.call(usersApi.list, { token: root().token });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(3);
    expect(all.body.data[0]!.id).toBeGreaterThan(all.body.data[1]!.id);
  });

  it('finds Burmese names by a part, and takes % and _ literally', async () => {
    const w = word();
    const burmese = await createUser(s.ctx.db, { name: `အေးချမ်းမိုး ${w}` });
    await createUser(s.ctx.db, { name: `Percent ${w}` });
    const hit = await s.call(usersApi.list, { query: { q: 'ချမ်းမိုး' }, token: reader().token });
    expect(hit.body.data.map((u) => u.id)).toContain(burmese.id);
    expect((await s.call(usersApi.list, { query: { q: `%${w}` }, token: root().token })).body.data).toEqual([]);
    expect((await s.call(usersApi.list, { query: { q: '____' }, token: root().token })).body.data).toEqual([]);
  });

  it('refuses a guest (401) and answers 422 for a bad query', async () => {
    const guest = await s.call(usersApi.list, { query: { q: 'a' } });
    expect(guest.status).toBe(401);
    expect(guest.error.code).toBe('unauthenticated');
    const bad: Record<string, string>[] = [
      { sort: 'random' },
      { per_page: '1000' },
      { page: '0' },
      { q: 'x'.repeat(101) },
    ];
    for (const query of bad) {
      const res = await s.call(usersApi.list, { rawQuery: query, token: root().token });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.error.code).toBe('validation_failed');
    }
  });
});

describe('GET /users/:id/edit', () => {
  it('shows a person in full to a users.view holder, with what they may do', async () => {
    const person = await createUser(s.ctx.db, { name: 'Full View' });
    await s.ctx.db.update(users).set({ dob: '1991-02-03' }).where(eq(users.id, person.id));
    const viewer = await personWithPermissions(s, `viewer_${word()}`, ['users.view']);
    const res = await s.call(usersApi.edit, { params: { id: person.id }, token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: person.id,
      name: 'Full View',
      username: person.username,
      email: person.email,
      dob: '1991-02-03',
      role_id: roleIds.user,
      role_name: 'user',
      profile_url: null,
      email_verified_at: expect.any(String),
      suspended_at: null,
      created_at: person.created_at.toISOString(),
      // Viewing is all this role may do.
      can_modify: false,
      can_modify_admin_fields: false,
      can_change_role: false,
      can_suspend: false,
    });
    const byRoot = await s.call(usersApi.edit, { params: { id: person.id }, token: root().token });
    expect(byRoot.body.data).toMatchObject({
      can_modify: true,
      can_modify_admin_fields: true,
      can_change_role: true,
      can_suspend: true,
    });
  });

  it('offers nothing over root to an administrator, and no role change or suspension of oneself', async () => {
    const admin = cast.people.admin;
    const overRoot = await s.call(usersApi.edit, { params: { id: root().user!.id }, token: admin.token });
    expect(overRoot.body.data).toMatchObject({ can_modify: false, can_change_role: false, can_suspend: false });
    const self = await s.call(usersApi.edit, { params: { id: admin.user!.id }, token: admin.token });
    expect(self.body.data).toMatchObject({
      can_modify: true,
      can_modify_admin_fields: false,
      can_change_role: false,
      can_suspend: false,
    });
  });

  it('refuses a guest (401), a reader and a role without users.view (403); 404 missing, 422 bad id', async () => {
    const id = reader().user!.id;
    expect((await s.call(usersApi.edit, { params: { id } })).status).toBe(401);
    const refused = await s.call(usersApi.edit, { params: { id }, token: reader().token });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('forbidden');
    const lacking = await cast.lacking('users.view');
    expect((await s.call(usersApi.edit, { params: { id }, token: lacking.token })).status).toBe(403);
    const missing = await s.call(usersApi.edit, { params: { id: 999_999 }, token: root().token });
    expect(missing.status).toBe(404);
    expect((await s.call(usersApi.edit, { params: { id: 'abc' }, token: root().token })).status).toBe(422);
  });
});

describe('PUT /users/:id (admin edit)', () => {
  const body = (user: { name: string; username: string; email: string }, extra: Record<string, unknown> = {}) => ({
    name: user.name,
    username: user.username,
    email: user.email,
    ...extra,
  });

  it('lets a users.edit holder change name, username, e-mail and birth date, audited with before and after', async () => {
    const editor = await personWithPermissions(s, `editor_${word()}`, ['users.edit']);
    const person = await createUser(s.ctx.db);
    const w = word();
    const res = await s.call(usersApi.update, {
      params: { id: person.id },
      token: editor.token,
      body: { name: 'Edited Name', username: `Ed_${w}`, email: `Ed.${w}@example.test`, dob: '1985-12-31' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The user has been updated.');
    expect(res.body.data).toMatchObject({ name: 'Edited Name', username: `ed_${w}`, email: `ed.${w}@example.test` });
    const row = await userRow(person.id);
    expect(row).toMatchObject({ name: 'Edited Name', username: `ed_${w}`, dob: '1985-12-31' });
    // The same values again change nothing: no second entry.
    const same = await s.call(usersApi.update, {
      params: { id: person.id },
      token: editor.token,
      body: { name: 'Edited Name', username: `ed_${w}`, email: `ed.${w}@example.test`, dob: '1985-12-31' },
    });
    expect(same.status).toBe(200);
    const [entry, ...more] = await auditOf('users.edit', person.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: editor.user.id,
      subject_type: 'user',
      before: { name: person.name, username: person.username, email: person.email, dob: null },
      after: { name: 'Edited Name', username: `ed_${w}`, email: `ed.${w}@example.test`, dob: '1985-12-31' },
    });
  });

  it('answers 422 with field errors and changes nothing: taken username (any case), taken e-mail, bad date', async () => {
    const person = await createUser(s.ctx.db);
    const other = await createUser(s.ctx.db);
    const res = await s.call(usersApi.update, {
      params: { id: person.id },
      token: root().token,
      body: { name: '', username: other.username.toUpperCase(), email: other.email.toUpperCase(), dob: '2001-02-30' },
    });
    expect(res.status).toBe(422);
    expect(res.error.code).toBe('validation_failed');
    // The schema's rules answer first (name); the rest is checked once the body is well formed.
    expect(Object.keys(res.error.errors!)).toEqual(['name']);
    const taken = await s.call(usersApi.update, {
      params: { id: person.id },
      token: root().token,
      body: body(person, {
        username: other.username.toUpperCase(),
        email: other.email.toUpperCase(),
        dob: '2001-02-30',
      }),
    });
    expect(taken.status).toBe(422);
    expect(taken.error.errors).toEqual({
      username: ['This username is already taken.'],
      email: ['An account with this e-mail address already exists.'],
      dob: ['This value is not valid.'],
    });
    const format = await s.call(usersApi.update, {
      params: { id: person.id },
      token: root().token,
      body: body(person, { username: 'no spaces!', email: 'not-an-address', dob: 'yesterday' }),
    });
    expect(format.status).toBe(422);
    expect(Object.keys(format.error.errors!).sort()).toEqual(['username']);
    const badMail = await s.call(usersApi.update, {
      params: { id: person.id },
      token: root().token,
      body: body(person, { email: 'not-an-address', dob: 'yesterday' }),
    });
    expect(badMail.error.errors).toEqual({
      email: ['Enter a valid e-mail address.'],
      dob: ['This value is not valid.'],
    });
    expect(await userRow(person.id)).toMatchObject({
      name: person.name,
      username: person.username,
      email: person.email,
    });
    expect(await auditOf('users.edit', person.id)).toEqual([]);
  });

  it("refuses someone else's profile to a guest (401), a reader and a role without users.edit (403)", async () => {
    const person = await createUser(s.ctx.db);
    expect((await s.call(usersApi.update, { params: { id: person.id }, body: body(person) })).status).toBe(401);
    const refused = await s.call(usersApi.update, {
      params: { id: person.id },
      token: reader().token,
      body: body(person, { name: 'Hijacked' }),
    });
    expect(refused.status).toBe(403);
    const lacking = await cast.lacking('users.edit');
    const noEdit = await s.call(usersApi.update, {
      params: { id: person.id },
      token: lacking.token,
      body: body(person, { name: 'Hijacked' }),
    });
    expect(noEdit.status).toBe(403);
    expect(noEdit.error.code).toBe('forbidden');
    expect((await userRow(person.id)).name).toBe(person.name);
    expect(await auditOf('users.edit', person.id)).toEqual([]);
  });

  it('keeps one’s own profile as before: allowed without users.edit, not audited', async () => {
    const me = await signedIn(s);
    const res = await s.call(usersApi.update, {
      params: { id: me.user.id },
      token: me.token,
      body: { name: 'Just Me', username: me.user.username },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your profile has been updated.');
    expect(await auditOf('users.edit', me.user.id)).toEqual([]);
  });
});

describe('PUT /users/:id/role', () => {
  it('gives a role that takes effect on the next request, audited with the role names', async () => {
    const person = await signedIn(s);
    const adminOnly = () => s.call(insightsApi.usersTotal, { token: person.token });
    expect((await adminOnly()).status).toBe(403);

    const up = await s.call(usersApi.changeRole, {
      params: { id: person.user.id },
      token: root().token,
      body: { role_id: roleIds.admin },
    });
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('The role has been changed.');
    expect(up.body.data).toMatchObject({ id: person.user.id, role_id: roleIds.admin, role_name: 'admin' });
    expect((await adminOnly()).status).toBe(200);

    const down = await s.call(usersApi.changeRole, {
      params: { id: person.user.id },
      token: root().token,
      body: { role_id: roleIds.user },
    });
    expect(down.status).toBe(200);
    expect((await adminOnly()).status).toBe(403);

    const entries = await auditOf('users.role', person.user.id);
    expect(entries.map((e) => [e.actor_id, e.before, e.after])).toEqual([
      [root().user!.id, { role_id: roleIds.user, role_name: 'user' }, { role_id: roleIds.admin, role_name: 'admin' }],
      [root().user!.id, { role_id: roleIds.admin, role_name: 'admin' }, { role_id: roleIds.user, role_name: 'user' }],
    ]);
    // The same role again is no change and no entry.
    await s.call(usersApi.changeRole, {
      params: { id: person.user.id },
      token: root().token,
      body: { role_id: roleIds.user },
    });
    expect(await auditOf('users.role', person.user.id)).toHaveLength(2);
  });

  it('refuses changing one’s own role (403, translated)', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const res = await s.call(usersApi.changeRole, {
      params: { id: admin.user.id },
      token: admin.token,
      body: { role_id: roleIds.user },
    });
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ code: 'users.own_role', message: 'You cannot change your own role.' });
    const my = await s.call(usersApi.changeRole, {
      params: { id: admin.user.id },
      token: admin.token,
      body: { role_id: roleIds.user },
      lang: 'my',
    });
    expect(my.error.message).toBe('သင့်ကိုယ်ပိုင် အခန်းကဏ္ဍကို ပြောင်းလဲ၍ မရပါ။');
    const th = await s.call(usersApi.changeRole, {
      params: { id: root().user!.id },
      token: root().token,
      body: { role_id: roleIds.user },
      lang: 'th',
    });
    expect(th.error.message).toBe('คุณเปลี่ยนบทบาทของตัวเองไม่ได้');
    expect((await userRow(admin.user.id)).role_id).toBe(roleIds.admin);
    expect((await userRow(root().user!.id)).role_id).toBe(roleIds.root);
  });

  it('refuses a role holding permissions the caller lacks, and the root role from anyone but root', async () => {
    const w = word();
    const manager = await personWithPermissions(s, `manager_${w}`, ['users.role', 'users.view']);
    const person = await createUser(s.ctx.db);
    const exceeds = await s.call(usersApi.changeRole, {
      params: { id: person.id },
      token: manager.token,
      body: { role_id: roleIds.admin },
    });
    expect(exceeds.status).toBe(403);
    expect(exceeds.error.code).toBe('users.role_exceeds');
    // A role within the manager's own permissions is fine.
    const [viewers] = await s.ctx.db
      .insert(roles)
      .values({ name: `viewers_${w}` })
      .returning();
    const within = await s.call(usersApi.changeRole, {
      params: { id: person.id },
      token: manager.token,
      body: { role_id: viewers!.id },
    });
    expect(within.status).toBe(200);

    // The seeded admin holds every permission, yet cannot make anyone root.
    const rootByAdmin = await s.call(usersApi.changeRole, {
      params: { id: person.id },
      token: cast.people.admin.token,
      body: { role_id: roleIds.root },
    });
    expect(rootByAdmin.status).toBe(403);
    expect(rootByAdmin.error.code).toBe('users.root_only');
    expect((await userRow(person.id)).role_id).toBe(viewers!.id);
    expect(await auditOf('users.role', person.id)).toHaveLength(1);
  });

  it('refuses changing someone who outranks the caller', async () => {
    const manager = await personWithPermissions(s, `manager_${word()}`, ['users.role']);
    const admin = await signedIn(s, { role: 'admin' });
    const res = await s.call(usersApi.changeRole, {
      params: { id: admin.user.id },
      token: manager.token,
      body: { role_id: roleIds.user },
    });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('users.outranked');
    const overRoot = await s.call(usersApi.changeRole, {
      params: { id: root().user!.id },
      token: cast.people.admin.token,
      body: { role_id: roleIds.user },
    });
    expect(overRoot.status).toBe(403);
    expect((await userRow(admin.user.id)).role_id).toBe(roleIds.admin);
    expect((await userRow(root().user!.id)).role_id).toBe(roleIds.root);
  });

  it('answers 422 for an unknown role or a bad body, 404 for a missing person', async () => {
    const person = await createUser(s.ctx.db);
    const unknown = await s.call(usersApi.changeRole, {
      params: { id: person.id },
      token: root().token,
      body: { role_id: 999_999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.error.errors).toEqual({ role_id: ['Choose one of the offered options.'] });
    for (const bad of [{}, { role_id: 'admin' }, { role_id: -1 }]) {
      const res = await s.call(usersApi.changeRole, { params: { id: person.id }, token: root().token, rawBody: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    const missing = await s.call(usersApi.changeRole, {
      params: { id: 999_999 },
      token: root().token,
      body: { role_id: roleIds.user },
    });
    expect(missing.status).toBe(404);
    expect((await userRow(person.id)).role_id).toBe(roleIds.user);
  });

  it('refuses a guest (401), a reader and a role without users.role (403)', async () => {
    const person = await createUser(s.ctx.db);
    const send = (token?: string) =>
      s.call(usersApi.changeRole, { params: { id: person.id }, token, body: { role_id: roleIds.admin } });
    expect((await send()).status).toBe(401);
    expect((await send(reader().token)).status).toBe(403);
    const lacking = await cast.lacking('users.role');
    const res = await send(lacking.token);
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('forbidden');
    expect((await userRow(person.id)).role_id).toBe(roleIds.user);
  });
});

describe('POST /users/:id/suspend and /reinstate', () => {
  it('suspends: the very next request of their token is 403 auth.suspended and sign-in is refused; reinstating restores', async () => {
    const person = await signedIn(s);
    expect((await s.call(usersApi.me, { token: person.token })).status).toBe(200);

    const res = await s.call(usersApi.suspend, { params: { id: person.user.id }, token: root().token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The account has been suspended.');
    expect(res.body.data.suspended_at).toEqual(expect.any(String));

    const next = await s.call(usersApi.me, { token: person.token });
    expect(next.status).toBe(403);
    expect(next.error.code).toBe('auth.suspended');
    const login = await s.call(identityApi.login, {
      body: { email: person.user.email, password: person.user.password, device_name: 'Phone' },
    });
    expect(login.status).toBe(403);
    expect(login.error.code).toBe('auth.suspended');
    // Suspending again changes nothing.
    const again = await s.call(usersApi.suspend, { params: { id: person.user.id }, token: root().token });
    expect(again.body.data.suspended_at).toBe(res.body.data.suspended_at);

    const back = await s.call(usersApi.reinstate, { params: { id: person.user.id }, token: root().token });
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('The account has been reinstated.');
    expect(back.body.data.suspended_at).toBeNull();
    expect((await s.call(usersApi.me, { token: person.token })).status).toBe(200);
    expect(
      (
        await s.call(identityApi.login, {
          body: { email: person.user.email, password: person.user.password, device_name: 'Phone' },
        })
      ).status,
    ).toBe(200);

    const suspended = await auditOf('users.suspend', person.user.id);
    expect(suspended).toHaveLength(1);
    expect(suspended[0]).toMatchObject({
      actor_id: root().user!.id,
      subject_type: 'user',
      before: { suspended_at: null },
      after: { suspended_at: res.body.data.suspended_at },
    });
    const reinstated = await auditOf('users.reinstate', person.user.id);
    expect(reinstated.map((e) => [e.before, e.after])).toEqual([
      [{ suspended_at: res.body.data.suspended_at }, { suspended_at: null }],
    ]);
  });

  it('lets a role holding users.edit suspend a reader, not an administrator who outranks it', async () => {
    const editor = await personWithPermissions(s, `editor_${word()}`, ['users.edit']);
    const person = await signedIn(s);
    expect((await s.call(usersApi.suspend, { params: { id: person.user.id }, token: editor.token })).status).toBe(200);
    const admin = await signedIn(s, { role: 'admin' });
    const res = await s.call(usersApi.suspend, { params: { id: admin.user.id }, token: editor.token });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('users.outranked');
    const overRoot = await s.call(usersApi.suspend, {
      params: { id: root().user!.id },
      token: cast.people.admin.token,
    });
    expect(overRoot.status).toBe(403);
    expect((await s.call(usersApi.me, { token: admin.token })).status).toBe(200);
    expect((await s.call(usersApi.me, { token: root().token })).status).toBe(200);
  });

  it('refuses suspending or reinstating oneself (403, translated)', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    for (const endpoint of [usersApi.suspend, usersApi.reinstate]) {
      const res = await s.call(endpoint, { params: { id: admin.user.id }, token: admin.token });
      expect(res.status).toBe(403);
      expect(res.error).toMatchObject({
        code: 'users.own_suspension',
        message: 'You cannot suspend or reinstate yourself.',
      });
    }
    const th = await s.call(usersApi.suspend, { params: { id: admin.user.id }, token: admin.token, lang: 'th' });
    expect(th.error.message).toBe('คุณระงับหรือคืนสิทธิ์บัญชีของตัวเองไม่ได้');
    expect((await s.call(usersApi.me, { token: admin.token })).status).toBe(200);
  });

  it('refuses a guest (401), a reader and a role without users.edit (403); 404 missing, 422 bad id', async () => {
    const person = await signedIn(s);
    const lacking = await cast.lacking('users.edit');
    for (const endpoint of [usersApi.suspend, usersApi.reinstate]) {
      expect((await s.call(endpoint, { params: { id: person.user.id } })).status).toBe(401);
      expect((await s.call(endpoint, { params: { id: person.user.id }, token: reader().token })).status).toBe(403);
      const res = await s.call(endpoint, { params: { id: person.user.id }, token: lacking.token });
      expect(res.status).toBe(403);
      expect(res.error.code).toBe('forbidden');
      expect((await s.call(endpoint, { params: { id: 999_999 }, token: root().token })).status).toBe(404);
      expect((await s.call(endpoint, { params: { id: 'x' }, token: root().token })).status).toBe(422);
    }
    expect((await s.call(usersApi.me, { token: person.token })).status).toBe(200);
    expect(await auditOf('users.suspend', person.user.id)).toEqual([]);
  });
});

describe('root over root, and never without an active root', () => {
  /**
   * A server of its own, so the roots are counted exactly. A request carrying `x-test-lose-root` loses its
   * caller's root role after it was authenticated and before it acts: the moment another root demoted them.
   */
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer(
      {},
      {
        beforeListen: ({ app, ctx }) => {
          app.addHook('preHandler', async (request) => {
            if (!request.headers['x-test-lose-root'] || !request.auth) return;
            const user = await roleIdByName(ctx.db, 'user');
            await ctx.db.update(users).set({ role_id: user }).where(eq(users.id, request.auth.user.id));
          });
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await own?.close();
  });

  const rootCount = async () => {
    const rootId = await roleIdByName(own.ctx.db, 'root');
    const [row] = await own.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role_id, rootId), sql`${users.suspended_at} is null`));
    return row!.n;
  };

  it('lets a root demote, suspend and reinstate another root', async () => {
    const a = await signedIn(own, { role: 'root' });
    const b = await signedIn(own, { role: 'root' });
    const view = await own.call(usersApi.edit, { params: { id: b.user.id }, token: a.token });
    expect(view.body.data).toMatchObject({ can_modify: false, can_change_role: true, can_suspend: true });
    expect((await own.call(usersApi.suspend, { params: { id: b.user.id }, token: a.token })).status).toBe(200);
    expect((await own.call(usersApi.reinstate, { params: { id: b.user.id }, token: a.token })).status).toBe(200);
    const userRole = await roleIdByName(own.ctx.db, 'user');
    const demoted = await own.call(usersApi.changeRole, {
      params: { id: b.user.id },
      token: a.token,
      body: { role_id: userRole },
    });
    expect(demoted.status).toBe(200);
    expect((await own.call(usersApi.me, { token: b.token })).body.data.permissions).toEqual([]);
    // Back to root, from root.
    const rootRole = await roleIdByName(own.ctx.db, 'root');
    const restored = await own.call(usersApi.changeRole, {
      params: { id: b.user.id },
      token: a.token,
      body: { role_id: rootRole },
    });
    expect(restored.status).toBe(200);
    // Tidy up: only `a` stays root for the next test.
    await own.ctx.db.update(users).set({ role_id: userRole }).where(eq(users.id, b.user.id));
    await own.ctx.db.update(users).set({ role_id: userRole }).where(eq(users.id, a.user.id));
  });

  it('refuses taking root from the last active root (409), by role or by suspension, and changes nothing', async () => {
    expect(await rootCount()).toBe(0);
    const a = await signedIn(own, { role: 'root' });
    const b = await signedIn(own, { role: 'root' });
    const userRole = await roleIdByName(own.ctx.db, 'user');
    const rootRole = await roleIdByName(own.ctx.db, 'root');
    const demote = await own.call(usersApi.changeRole, {
      params: { id: b.user.id },
      token: a.token,
      body: { role_id: userRole },
      headers: { 'x-test-lose-root': '1' },
    });
    expect(demote.status).toBe(409);
    expect(demote.error).toMatchObject({
      code: 'users.last_root',
      message: 'This is the last active root account. Make someone else root first.',
    });
    expect((await userRow2(own, b.user.id)).role_id).toBe(rootRole);

    await own.ctx.db.update(users).set({ role_id: rootRole }).where(eq(users.id, a.user.id));
    const suspend = await own.call(usersApi.suspend, {
      params: { id: b.user.id },
      token: a.token,
      headers: { 'x-test-lose-root': '1' },
      lang: 'my',
    });
    expect(suspend.status).toBe(409);
    expect(suspend.error.code).toBe('users.last_root');
    expect((await userRow2(own, b.user.id)).suspended_at).toBeNull();
    expect((await own.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, b.user.id))).length).toBe(0);
    expect(await rootCount()).toBe(1);
  });

  it('two roots demoting each other at once: one wins, a root remains', async () => {
    const rootRole = await roleIdByName(own.ctx.db, 'root');
    const userRole = await roleIdByName(own.ctx.db, 'user');
    await own.ctx.db.update(users).set({ role_id: userRole }).where(eq(users.role_id, rootRole));
    const a = await signedIn(own, { role: 'root' });
    const b = await signedIn(own, { role: 'root' });
    const [ab, ba] = await Promise.all([
      own.call(usersApi.changeRole, { params: { id: b.user.id }, token: a.token, body: { role_id: userRole } }),
      own.call(usersApi.changeRole, { params: { id: a.user.id }, token: b.token, body: { role_id: userRole } }),
    ]);
    const statuses = [ab.status, ba.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await rootCount()).toBe(1);
  });
});

async function userRow2(server: TestServer, id: number) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

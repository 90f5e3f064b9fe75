import { usersApi } from '@inkwell/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { loginAgain, signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('PUT /users/:id', () => {
  it('updates my own name and username and ignores a new e-mail', async () => {
    const { user, token } = await signedIn(s);
    const res = await s.call(usersApi.update, {
      params: { id: user.id },
      token,
      body: { name: 'Thandar Aye', username: 'Thandar.Aye', email: 'changed@example.test', profile_url: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your profile has been updated.');
    expect(res.body.data).toMatchObject({ name: 'Thandar Aye', username: 'thandar.aye', email: user.email });
    const me = await s.call(usersApi.me, { token });
    expect(me.body.data.username).toBe('thandar.aye');
  });

  it("refuses someone else's profile (403) and changes nothing", async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const res = await s.call(usersApi.update, {
      params: { id: b.user.id },
      token: a.token,
      body: { name: 'Hijacked', username: 'hijacked' },
    });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('forbidden');
    const other = await s.call(usersApi.me, { token: b.token });
    expect(other.body.data.name).toBe(b.user.name);
    const guest = await s.call(usersApi.update, {
      params: { id: b.user.id },
      body: { name: 'x', username: 'xyz' },
    });
    expect(guest.status).toBe(401);
    expect(guest.error.code).toBe('unauthenticated');
  });

  it('validates fields and keeps usernames unique', async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const taken = await s.call(usersApi.update, {
      params: { id: a.user.id },
      token: a.token,
      body: { name: 'A', username: b.user.username.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.error.code).toBe('validation_failed');
    expect(taken.error.errors!.username).toEqual(['This username is already taken.']);
    const bad = await s.call(usersApi.update, {
      params: { id: a.user.id },
      token: a.token,
      body: { name: '', username: 'a b', profile_url: 'javascript:alert(1)' },
      lang: 'th',
    });
    expect(bad.status).toBe(422);
    expect(bad.error.code).toBe('validation_failed');
    expect(bad.error.errors!.name).toEqual(['จำเป็นต้องกรอกช่องนี้']);
    expect(Object.keys(bad.error.errors!).sort()).toEqual(['name', 'profile_url', 'username']);
    expect(
      (
        await s.call(usersApi.update, {
          params: { id: 'abc' },
          token: a.token,
          body: { name: 'A', username: 'abc' },
        })
      ).status,
    ).toBe(422);
  });

  it('lets an administrator change another person, including e-mail and birth date', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const reader = await signedIn(s);
    const res = await s.call(usersApi.update, {
      params: { id: reader.user.id },
      token: admin.token,
      body: { name: 'Renamed', username: reader.user.username, email: 'New.Address@example.test', dob: '1990-04-17' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', email: 'new.address@example.test', dob: '1990-04-17' });
    const missing = await s.call(usersApi.update, {
      params: { id: 999999 },
      token: admin.token,
      body: { name: 'X', username: 'xyz' },
    });
    expect(missing.status).toBe(404);
    expect(missing.error.code).toBe('not_found');
  });
});

describe('PUT /user/password', () => {
  it('needs the current password, a confirmed new one, then signs out the other devices', async () => {
    const { user, token } = await signedIn(s, {}, 'Laptop');
    const phone = await loginAgain(s, user, 'Phone');

    const wrong = await s.call(usersApi.changePassword, {
      token,
      body: {
        current_password: 'nope-nope',
        password: 'next-passphrase-1',
        password_confirmation: 'next-passphrase-1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.error.errors!.current_password).toEqual(['The current password is not correct.']);

    const mismatch = await s.call(usersApi.changePassword, {
      token,
      body: { current_password: user.password, password: 'next-passphrase-1', password_confirmation: 'other' },
    });
    expect(mismatch.error.errors!.password_confirmation).toEqual(['The password confirmation does not match.']);

    const ok = await s.call(usersApi.changePassword, {
      token,
      body: {
        current_password: user.password,
        password: 'next-passphrase-1',
        password_confirmation: 'next-passphrase-1',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/other devices have been signed out/);
    expect((await s.call(usersApi.me, { token: phone })).status).toBe(401);
    expect((await s.call(usersApi.me, { token })).status).toBe(200);
    await loginAgain(s, { email: user.email, password: 'next-passphrase-1' }, 'Tablet');
  });

  it('is refused without a session', async () => {
    const res = await s.call(usersApi.changePassword, {
      body: { current_password: 'a', password: 'b', password_confirmation: 'b' },
    });
    expect(res.status).toBe(401);
  });
});

describe('devices', () => {
  it('lists my devices with the current one marked, and revokes another', async () => {
    const { user, token } = await signedIn(s, {}, 'Chrome on Windows');
    const phone = await loginAgain(s, user, 'Android phone');
    const list = await s.call(usersApi.devices, { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((d) => d.current)!;
    expect(current.device_name).toBe('Chrome on Windows');
    expect(new Date(current.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const other = list.body.data.find((d) => !d.current)!;
    expect((await s.call(usersApi.revokeDevice, { params: { id: other.id }, token })).status).toBe(204);
    expect((await s.call(usersApi.me, { token: phone })).status).toBe(401);
    expect((await s.call(usersApi.devices, { token })).body.data).toHaveLength(1);
  });

  it("cannot see or revoke someone else's device", async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const bDevices = await s.call(usersApi.devices, { token: b.token });
    const bDevice = bDevices.body.data[0].id;
    expect((await s.call(usersApi.revokeDevice, { params: { id: bDevice }, token: a.token })).status).toBe(404);
    expect((await s.call(usersApi.me, { token: b.token })).status).toBe(200);
    const aDevices = await s.call(usersApi.devices, { token: a.token });
    expect(aDevices.body.data.map((d) => d.id)).not.toContain(bDevice);
    expect((await s.call(usersApi.devices)).status).toBe(401);
  });
});

describe('who may edit whom (security review: an admin took over root)', () => {
  const profile = (user: { name: string; username: string }, extra: Record<string, unknown> = {}) => ({
    name: user.name,
    username: user.username,
    ...extra,
  });

  it('an administrator cannot change root, nor reset into root through a new e-mail', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const root = await signedIn(s, { role: 'root' });
    const res = await s.call(usersApi.update, {
      params: { id: root.user.id },
      token: admin.token,
      body: profile(root.user, { email: 'attacker@example.test' }),
    });
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({
      code: 'users.outranked',
      message: 'You cannot edit this person: they hold permissions that you do not have.',
    });
    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, root.user.id));
    expect(row!.email).toBe(root.user.email);
    expect((await s.call(usersApi.me, { token: root.token })).status).toBe(200);
  });

  it('someone holding only users.update cannot edit a person with more permissions', async () => {
    const [role] = await s.ctx.db.insert(roles).values({ name: 'profile_helper' }).returning();
    const [perm] = await s.ctx.db
      .select()
      .from(permissions)
      .where(inArray(permissions.name, ['users.edit']));
    await s.ctx.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
    const helper = await signedIn(s);
    await s.ctx.db.update(users).set({ role_id: role!.id }).where(eq(users.id, helper.user.id));
    const admin = await signedIn(s, { role: 'admin' });
    const reader = await signedIn(s);

    const refused = await s.call(usersApi.update, {
      params: { id: admin.user.id },
      token: helper.token,
      body: profile(admin.user, { name: 'Demoted' }),
    });
    expect(refused.status).toBe(403);
    const [kept] = await s.ctx.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(kept!.name).toBe(admin.user.name);
    const allowed = await s.call(usersApi.update, {
      params: { id: reader.user.id },
      token: helper.token,
      body: profile(reader.user, { name: 'Helped' }),
    });
    expect(allowed.status).toBe(200);
  });

  it('a changed e-mail signs the person out everywhere and tells the old address', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const reader = await signedIn(s);
    const res = await s.call(usersApi.update, {
      params: { id: reader.user.id },
      token: admin.token,
      body: profile(reader.user, { email: `moved.${reader.user.username}@example.test` }),
    });
    expect(res.status).toBe(200);
    expect((await s.call(usersApi.me, { token: reader.token })).status).toBe(401);
    const notice = await s.smtp.waitFor(reader.user.email, (m) => m.subject.includes('e-mail address'));
    expect(notice.text).toContain(`moved.${reader.user.username}@example.test`);
    // The same e-mail again is no change: nobody is signed out.
    const again = await signedIn(s);
    const same = await s.call(usersApi.update, {
      params: { id: again.user.id },
      token: admin.token,
      body: profile(again.user, { email: again.user.email }),
    });
    expect(same.status).toBe(200);
    expect((await s.call(usersApi.me, { token: again.token })).status).toBe(200);
  });

  it('root changes their own e-mail and stays signed in on this device only', async () => {
    const root = await signedIn(s, { role: 'root' });
    const otherDevice = await loginAgain(s, root.user, 'Laptop');
    const res = await s.call(usersApi.update, {
      params: { id: root.user.id },
      token: root.token,
      body: profile(root.user, { email: `new.${root.user.username}@example.test` }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(`new.${root.user.username}@example.test`);
    expect((await s.call(usersApi.me, { token: root.token })).status).toBe(200);
    expect((await s.call(usersApi.me, { token: otherDevice })).status).toBe(401);
  });
});

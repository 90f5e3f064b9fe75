import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const res = await s.request('PUT', `/api/users/${user.id}`, {
      token,
      body: { name: 'Thandar Aye', username: 'Thandar.Aye', email: 'changed@example.test', profile_url: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your profile has been updated.');
    expect(res.body.data).toMatchObject({ name: 'Thandar Aye', username: 'thandar.aye', email: user.email });
    const me = await s.request('GET', '/api/user', { token });
    expect(me.body.data.username).toBe('thandar.aye');
  });

  it("refuses someone else's profile (403) and changes nothing", async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const res = await s.request('PUT', `/api/users/${b.user.id}`, {
      token: a.token,
      body: { name: 'Hijacked', username: 'hijacked' },
    });
    expect(res.status).toBe(403);
    const other = await s.request('GET', '/api/user', { token: b.token });
    expect(other.body.data.name).toBe(b.user.name);
    expect((await s.request('PUT', `/api/users/${b.user.id}`, { body: { name: 'x', username: 'xyz' } })).status).toBe(
      401,
    );
  });

  it('validates fields and keeps usernames unique', async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const taken = await s.request('PUT', `/api/users/${a.user.id}`, {
      token: a.token,
      body: { name: 'A', username: b.user.username.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.username).toEqual(['This username is already taken.']);
    const bad = await s.request('PUT', `/api/users/${a.user.id}`, {
      token: a.token,
      body: { name: '', username: 'a b', profile_url: 'javascript:alert(1)' },
      lang: 'th',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toEqual(['จำเป็นต้องกรอกช่องนี้']);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'profile_url', 'username']);
    expect(
      (await s.request('PUT', '/api/users/abc', { token: a.token, body: { name: 'A', username: 'abc' } })).status,
    ).toBe(422);
  });

  it('lets an administrator change another person, including e-mail and birth date', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const reader = await signedIn(s);
    const res = await s.request('PUT', `/api/users/${reader.user.id}`, {
      token: admin.token,
      body: { name: 'Renamed', username: reader.user.username, email: 'New.Address@example.test', dob: '1990-04-17' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', email: 'new.address@example.test', dob: '1990-04-17' });
    const missing = await s.request('PUT', '/api/users/999999', {
      token: admin.token,
      body: { name: 'X', username: 'xyz' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('PUT /user/password', () => {
  it('needs the current password, a confirmed new one, then signs out the other devices', async () => {
    const { user, token } = await signedIn(s, {}, 'Laptop');
    const phone = await loginAgain(s, user, 'Phone');

    const wrong = await s.request('PUT', '/api/user/password', {
      token,
      body: {
        current_password: 'nope-nope',
        password: 'next-passphrase-1',
        password_confirmation: 'next-passphrase-1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is not correct.']);

    const mismatch = await s.request('PUT', '/api/user/password', {
      token,
      body: { current_password: user.password, password: 'next-passphrase-1', password_confirmation: 'other' },
    });
    expect(mismatch.body.errors.password).toEqual(['The password confirmation does not match.']);

    const ok = await s.request('PUT', '/api/user/password', {
      token,
      body: {
        current_password: user.password,
        password: 'next-passphrase-1',
        password_confirmation: 'next-passphrase-1',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/other devices have been signed out/);
    expect((await s.request('GET', '/api/user', { token: phone })).status).toBe(401);
    expect((await s.request('GET', '/api/user', { token })).status).toBe(200);
    await loginAgain(s, { email: user.email, password: 'next-passphrase-1' }, 'Tablet');
  });

  it('is refused without a session', async () => {
    const res = await s.request('PUT', '/api/user/password', {
      body: { current_password: 'a', password: 'b', password_confirmation: 'b' },
    });
    expect(res.status).toBe(401);
  });
});

describe('devices', () => {
  it('lists my devices with the current one marked, and revokes another', async () => {
    const { user, token } = await signedIn(s, {}, 'Chrome on Windows');
    const phone = await loginAgain(s, user, 'Android phone');
    const list = await s.request('GET', '/api/user/devices', { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((d: { current: boolean }) => d.current);
    expect(current.device_name).toBe('Chrome on Windows');
    expect(new Date(current.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const other = list.body.data.find((d: { current: boolean }) => !d.current);
    expect((await s.request('DELETE', `/api/user/devices/${other.id}`, { token })).status).toBe(204);
    expect((await s.request('GET', '/api/user', { token: phone })).status).toBe(401);
    expect((await s.request('GET', '/api/user/devices', { token })).body.data).toHaveLength(1);
  });

  it("cannot see or revoke someone else's device", async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const bDevices = await s.request('GET', '/api/user/devices', { token: b.token });
    const bDevice = bDevices.body.data[0].id;
    expect((await s.request('DELETE', `/api/user/devices/${bDevice}`, { token: a.token })).status).toBe(404);
    expect((await s.request('GET', '/api/user', { token: b.token })).status).toBe(200);
    const aDevices = await s.request('GET', '/api/user/devices', { token: a.token });
    expect(aDevices.body.data.map((d: { id: number }) => d.id)).not.toContain(bDevice);
    expect((await s.request('GET', '/api/user/devices')).status).toBe(401);
  });
});

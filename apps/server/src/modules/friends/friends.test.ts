import { friendsApi, usersApi, type DomainEvent } from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships, users } from '../../db/schema';
import { createUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';

let s: TestServer;
const heard: DomainEvent[] = [];
beforeAll(async () => {
  s = await startTestServer();
  for (const type of ['friend.requested', 'friend.accepted'] as const) {
    s.ctx.events.subscribe(type, (event) => {
      heard.push(event);
    });
  }
});
afterAll(async () => {
  await s?.close();
});

type Who = Awaited<ReturnType<typeof signedIn>>;

const profile = (viewer: Who, other: Who) =>
  s.call(usersApi.person, { params: { id: other.user.id }, token: viewer.token });
const add = (from: Who, to: Who) => s.call(friendsApi.add, { body: { friend_id: to.user.id }, token: from.token });
const accept = (by: Who, of: Who) => s.call(friendsApi.accept, { body: { friend_id: of.user.id }, token: by.token });
const remove = (by: Who, of: Who) => s.call(friendsApi.remove, { body: { friend_id: of.user.id }, token: by.token });
const flags = async (viewer: Who, other: Who) => {
  const { is_friend, pending_friend_request, awaiting_friend_request } = (await profile(viewer, other)).body.data;
  return { is_friend, pending: pending_friend_request, awaiting: awaiting_friend_request };
};
const NONE = { is_friend: false, pending: false, awaiting: false };
const PENDING = { is_friend: false, pending: true, awaiting: false };
const AWAITING = { is_friend: false, pending: false, awaiting: true };
const FRIENDS = { is_friend: true, pending: false, awaiting: false };
const rowsOf = (a: Who, b: Who) =>
  s.ctx.db
    .select()
    .from(friendships)
    .where(
      and(
        eq(friendships.user_low, Math.min(a.user.id, b.user.id)),
        eq(friendships.user_high, Math.max(a.user.id, b.user.id)),
      ),
    );

describe('a person’s profile', () => {
  it('shows the public fields and where I stand; my own has is_me; 401 for guests, 404 for nobody', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const res = await profile(a, b);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: b.user.id,
      name: b.user.name,
      username: b.user.username,
      profile_url: null,
      is_friend: false,
      pending_friend_request: false,
      awaiting_friend_request: false,
      is_me: false,
      is_blocked: false,
    });
    expect(res.body.data).not.toHaveProperty('email');
    expect((await profile(a, a)).body.data.is_me).toBe(true);
    expect((await s.call(usersApi.person, { params: { id: b.user.id } })).status).toBe(401);
    expect((await s.call(usersApi.person, { params: { id: 2_000_000_000 }, token: a.token })).status).toBe(404);
    expect((await s.call(usersApi.person, { params: { id: 99999999999 }, token: a.token })).status).toBe(422);
  });

  it('hides people not yet activated and suspended people (404, as for an id that never was)', async () => {
    const a = await signedIn(s);
    const inactive = await createUser(s.ctx.db, { activated: false });
    const suspended = await signedIn(s);
    await s.ctx.db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, suspended.user.id));
    expect((await s.call(usersApi.person, { params: { id: inactive.id }, token: a.token })).status).toBe(404);
    expect((await profile(a, suspended)).status).toBe(404);
    expect((await add(a, suspended)).status).toBe(404);
  });
});

describe('the friendship states (spec §4)', () => {
  it('add gives pending for me and awaiting for them; accept makes friends; remove ends it', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    expect(await flags(a, b)).toEqual(NONE);

    const asked = await add(a, b);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('Friend request sent.');
    expect(asked.body.data).toMatchObject({ pending_friend_request: true, is_friend: false });
    expect(await flags(b, a)).toEqual(AWAITING);

    const accepted = await accept(b, a);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('You are friends now.');
    expect(await flags(a, b)).toEqual(FRIENDS);
    expect(await flags(b, a)).toEqual(FRIENDS);

    const removed = await remove(a, b);
    expect(removed.body.message).toBe('Removed from your friends.');
    expect(await flags(b, a)).toEqual(NONE);
    expect(await rowsOf(a, b)).toHaveLength(0);
  });

  it('cancel my request, decline theirs', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    await add(a, b);
    expect((await remove(a, b)).body.message).toBe('Friend request cancelled.');
    expect(await flags(b, a)).toEqual(NONE);
    await add(a, b);
    expect((await remove(b, a)).body.message).toBe('Friend request declined.');
    expect(await flags(a, b)).toEqual(NONE);
  });

  it('adding someone who asked me first accepts', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    await add(a, b);
    const res = await add(b, a);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('You are friends now.');
    expect(await flags(a, b)).toEqual(FRIENDS);
  });

  it('every illegal move is a clear 409 or 422 and changes nothing', async () => {
    const [a, b, c] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const self = await add(a, a);
    expect([self.status, self.error.errors?.friend_id]).toEqual([422, ['You cannot add yourself as a friend.']]);

    const nothing = await remove(a, b);
    expect([nothing.status, nothing.error.code]).toEqual([409, 'friends.nothing_to_remove']);
    const noRequest = await accept(a, b);
    expect([noRequest.status, noRequest.error.code]).toEqual([409, 'friends.no_request']);

    await add(a, b);
    const again = await add(a, b);
    expect([again.status, again.error.code]).toEqual([409, 'friends.already_requested']);
    const acceptOwn = await accept(a, b);
    expect([acceptOwn.status, acceptOwn.error.code]).toEqual([409, 'friends.no_request']);
    expect(await flags(a, b)).toEqual(PENDING);

    await accept(b, a);
    for (const res of [await add(a, b), await add(b, a), await accept(b, a)]) {
      expect([res.status, res.error.code]).toEqual([409, 'friends.already_friends']);
    }
    expect(await flags(a, b)).toEqual(FRIENDS);
    expect(await rowsOf(a, b)).toHaveLength(1);

    const translated = await s.call(friendsApi.accept, { body: { friend_id: c.user.id }, token: a.token, lang: 'th' });
    expect(translated.error.message).toBe('ไม่มีคำขอเป็นเพื่อนจากคนนี้ให้ตอบรับ');
    const bad = await s.call(friendsApi.add, { body: { friend_id: 'x' }, token: a.token });
    expect(bad.status).toBe(422);
    expect((await s.call(friendsApi.add, { body: { friend_id: b.user.id } })).status).toBe(401);
  });

  it('two people pressing Add at the same moment end up friends, with one row', async () => {
    for (let round = 0; round < 8; round++) {
      const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
      const answers = await Promise.all([add(a, b), add(b, a)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(answers.map((r) => r.body.message).sort()).toEqual(['Friend request sent.', 'You are friends now.']);
      expect(await flags(a, b)).toEqual(FRIENDS);
      expect(await rowsOf(a, b)).toHaveLength(1);
    }
  });

  it('requests and acceptances are published as events after commit', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    heard.length = 0;
    await add(a, b);
    await accept(b, a);
    await s.ctx.events.drain();
    expect(heard).toEqual([
      { type: 'friend.requested', actor_id: a.user.id, user_id: b.user.id, event_id: expect.any(String) },
      { type: 'friend.accepted', actor_id: b.user.id, user_id: a.user.id, event_id: expect.any(String) },
    ]);
    heard.length = 0;
    await add(a, b); // refused: already friends
    await s.ctx.events.drain();
    expect(heard).toEqual([]);
  });
});

describe('lists', () => {
  it('my friends newest first and the requests waiting for me, paged', async () => {
    const me = await signedIn(s);
    const friends = [await signedIn(s), await signedIn(s), await signedIn(s)];
    for (const f of friends) {
      await add(me, f);
      await accept(f, me);
    }
    const asking = await signedIn(s);
    await add(asking, me);
    const mine = await signedIn(s);
    await add(me, mine); // my own request waits for them, not for me

    const list = await s.call(friendsApi.list, { query: { per_page: 2 }, token: me.token });
    expect(list.body.data.map((f) => f.id)).toEqual([friends[2]!.user.id, friends[1]!.user.id]);
    expect(list.body.meta).toMatchObject({ total: 3, last_page: 2 });
    const page2 = await s.call(friendsApi.list, { query: { per_page: 2, page: 2 }, token: me.token });
    expect(page2.body.data.map((f) => f.id)).toEqual([friends[0]!.user.id]);
    expect((await s.call(friendsApi.list, { token: friends[0]!.token })).body.data.map((f) => f.id)).toEqual([
      me.user.id,
    ]);

    const requests = await s.call(friendsApi.requests, { token: me.token });
    expect(requests.body.data.map((f) => f.id)).toEqual([asking.user.id]);
    expect(requests.body.data[0]).toMatchObject({ name: asking.user.name, username: asking.user.username });
    expect((await s.call(friendsApi.requests, { token: mine.token })).body.data.map((f) => f.id)).toEqual([me.user.id]);
    expect((await s.call(friendsApi.list)).status).toBe(401);
  });
});

describe('people search (GET /users)', () => {
  it('public fields for everyone signed in; e-mail and role only with users.view', async () => {
    const reader = await signedIn(s);
    const found = await signedIn(s, { name: 'Thandar Findable' });
    const res = await s.call(usersApi.list, { query: { q: 'Thandar Find' }, token: reader.token });
    expect(res.body.data).toEqual([
      { id: found.user.id, name: 'Thandar Findable', username: found.user.username, profile_url: null },
    ]);
    const viewer = await personWithPermissions(s, `viewer_${Date.now()}`, ['users.view']);
    const admin = await s.call(usersApi.list, { query: { q: 'Thandar Find' }, token: viewer.token });
    expect(admin.body.data[0]).toMatchObject({ email: found.user.email, role_name: 'user' });
  });
});

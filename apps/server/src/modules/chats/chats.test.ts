import fs from 'node:fs';
import { chatsApi, mediaApi, type ChatMessage } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, chatMembers, chatRooms, users } from '../../db/schema';
import { createCreatorAccount, createUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { fixturesDir, makePng } from '../../../test/media-fixtures';
import { uploadFile } from '../../../test/uploads';

let s: TestServer;
const dir = fixturesDir();
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Who = Awaited<ReturnType<typeof signedIn>>;

const open = (by: Who, ...others: Who[]) =>
  s.call(chatsApi.create, { body: { userIds: others.map((o) => o.user.id) }, token: by.token });
const say = (by: Who, roomId: number, message: string | null, image?: string) =>
  s.call(chatsApi.send, { params: { roomId }, body: { message, image }, token: by.token });
const page = (by: Who, roomId: number, query: { page?: number; per_page?: number; before?: number } = {}) =>
  s.call(chatsApi.room, { params: { roomId }, query, token: by.token });
const unread = async (by: Who) => (await s.call(chatsApi.unread, { token: by.token })).body.unread_count;
const texts = (messages: ChatMessage[]) => messages.map((m) => m.message);

describe('opening chats', () => {
  it('a 1:1 room is reused, whoever opens it and however often, even at once', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const first = await open(a, b);
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    expect(await open(a, b)).toMatchObject({ body: { roomId: first.body.roomId, created: false } });
    expect((await open(b, a)).body.roomId).toBe(first.body.roomId);
    // Opening the chat with myself listed too is still the 1:1 room.
    const withMe = await s.call(chatsApi.create, { body: { userIds: [a.user.id, b.user.id] }, token: a.token });
    expect(withMe.body.roomId).toBe(first.body.roomId);

    const [c, d] = await Promise.all([signedIn(s), signedIn(s)]);
    const together = await Promise.all([open(c, d), open(d, c), open(c, d)]);
    expect(new Set(together.map((r) => r.body.roomId)).size).toBe(1);
    expect(together.filter((r) => r.body.created)).toHaveLength(1);
  });

  it('a group of three is a new room each time and opens with “hi”', async () => {
    const [a, b, c] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const group = await open(a, b, c);
    expect(group.body.created).toBe(true);
    expect((await open(a, b, c)).body.roomId).not.toBe(group.body.roomId);
    const room = await page(b, group.body.roomId);
    expect(room.body.is_group).toBe(true);
    expect(room.body.data.messages).toMatchObject([{ message: 'hi', from: a.user.id, from_name: a.user.name }]);
    expect(room.body.users.map((u) => u.id).sort()).toEqual([a.user.id, c.user.id].sort());

    const list = await s.call(chatsApi.list, { token: c.token });
    const listed = list.body.data.find((r) => r.roomId === group.body.roomId)!;
    expect(listed.users.map((u) => u.id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(listed.lastMessage).toMatchObject({ from: a.user.id, from_name: a.user.name, message: 'hi' });
    expect(listed.unread).toBe(1);
  });

  it('refuses nobody, unknown, inactive and suspended people, and too many, changing nothing', async () => {
    const a = await signedIn(s);
    const inactive = await createUser(s.ctx.db, { activated: false });
    const suspended = await signedIn(s);
    await s.ctx.db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, suspended.user.id));
    const before = (await s.ctx.db.select().from(chatRooms)).length;
    for (const userIds of [[], [a.user.id], [2_000_000_000], [inactive.id], [suspended.user.id]]) {
      const res = await s.call(chatsApi.create, { body: { userIds }, token: a.token });
      expect([res.status, Object.keys(res.error.errors ?? {})]).toEqual([422, ['userIds']]);
    }
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await s.call(chatsApi.create, { body: { userIds: many }, token: a.token })).status).toBe(422);
    expect((await s.call(chatsApi.create, { body: { isAccount: true }, token: a.token })).status).toBe(422);
    expect((await s.call(chatsApi.create, { body: { userIds: ['x'] }, token: a.token })).status).toBe(422);
    expect((await s.call(chatsApi.create, { body: { userIds: [1] } })).status).toBe(401);
    expect((await s.ctx.db.select().from(chatRooms)).length).toBe(before);
  });
});

describe('who may read and write', () => {
  it('members only: a stranger gets the same 403 for a room that exists and one that does not', async () => {
    const [a, b, stranger] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const { roomId } = (await open(a, b)).body;
    await say(a, roomId, 'private words');
    const refused = [
      await page(stranger, roomId),
      await say(stranger, roomId, 'let me in'),
      await s.call(chatsApi.read, { params: { roomId }, token: stranger.token }),
      await s.call(chatsApi.missed, { params: { roomId }, query: { after: 0 }, token: stranger.token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    const missing = await page(stranger, 2_000_000_000);
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 403, body: refused[0]!.body });
    expect((await s.call(chatsApi.room, { params: { roomId } })).status).toBe(401);
    // An administrator is a stranger to other people's conversations too.
    const admin = await signedIn(s, { role: 'root' });
    expect((await page(admin, roomId)).status).toBe(403);
    expect(texts((await page(b, roomId)).body.data.messages)).toEqual(['private words']);
  });
});

describe('messages', () => {
  it('text, a picture of my own, or both; plain text kept as typed; never empty, too long or someone else’s picture', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const { roomId } = (await open(a, b)).body;
    const text = await say(a, roomId, '<b>not bold</b> & Mingalaba');
    expect(text.status).toBe(201);
    expect(text.body.data).toMatchObject({
      room_id: roomId,
      from: a.user.id,
      from_name: a.user.name,
      message: '<b>not bold</b> & Mingalaba',
      image: null,
      is_account: false,
    });

    const png = await makePng(dir, 40, 30);
    const mine = await uploadFile(s, a.token, mediaApi.uploadImage, png, { field: 'url', fields: { type: 'photos' } });
    const theirs = await uploadFile(s, b.token, mediaApi.uploadImage, png, {
      field: 'url',
      fields: { type: 'photos' },
    });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const picture = await say(a, roomId, null, mine.body.url);
    expect(picture.status).toBe(201);
    expect(picture.body.data).toMatchObject({ message: null, image: mine.body.url });

    const refusals = [
      await say(a, roomId, null, theirs.body.url),
      await say(a, roomId, null, 'https://elsewhere.example/cat.jpg'),
      await say(a, roomId, '   '),
      await say(a, roomId, null),
      await say(a, roomId, 'x'.repeat(2001)),
      await s.call(chatsApi.send, { params: { roomId }, body: { message: 'a\u0000b' }, token: a.token }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(refusals[0]!.error.errors!.image).toEqual(['Send a picture you uploaded here.']);
    expect(refusals[3]!.error.errors!.message).toEqual(['Write a message or add a picture.']);
    expect((await say(a, roomId, 'x'.repeat(2000))).status).toBe(201);
    expect((await page(b, roomId)).body.meta.total).toBe(3);
  });

  it('pages: 1 is the newest, each runs oldest to newest; `before` keeps pages still while messages arrive', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const { roomId } = (await open(a, b)).body;
    for (let i = 1; i <= 70; i++) await say(i % 2 ? a : b, roomId, `m${i}`);
    const first = await page(b, roomId);
    expect(first.body.data.total_pages).toBe(3);
    expect(first.body.meta).toMatchObject({ current_page: 1, last_page: 3, total: 70, per_page: 30 });
    expect(texts(first.body.data.messages)).toEqual(Array.from({ length: 30 }, (_, i) => `m${41 + i}`));
    const newest = first.body.data.messages.at(-1)!.id;

    await say(a, roomId, 'm71');
    await say(a, roomId, 'm72');
    const second = await page(b, roomId, { page: 2, before: newest + 1 });
    expect(texts(second.body.data.messages)).toEqual(Array.from({ length: 30 }, (_, i) => `m${11 + i}`));
    expect(second.body.data.total_pages).toBe(3);
    const third = await page(b, roomId, { page: 3, before: newest + 1 });
    expect(texts(third.body.data.messages)).toEqual(Array.from({ length: 10 }, (_, i) => `m${1 + i}`));
    expect((await page(b, roomId, { page: 4, before: newest + 1 })).body.data.messages).toEqual([]);
    expect((await page(b, roomId, { per_page: 101 })).status).toBe(422);

    const missed = await s.call(chatsApi.missed, { params: { roomId }, query: { after: newest }, token: b.token });
    expect(texts(missed.body.data)).toEqual(['m71', 'm72']);
    expect(missed.body.has_more).toBe(false);
  });

  it('unread counts per room and in all, cleared by reading; my own messages are read', async () => {
    const [a, b, c] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const ab = (await open(a, b)).body.roomId;
    const cb = (await open(c, b)).body.roomId;
    await say(a, ab, 'one');
    await say(a, ab, 'two');
    await say(c, cb, 'three');
    expect(await unread(b)).toBe(3);
    expect(await unread(a)).toBe(0);

    const list = await s.call(chatsApi.list, { token: b.token });
    expect(list.body.data.map((r) => [r.roomId, r.unread])).toEqual([
      [cb, 1],
      [ab, 2],
    ]);
    const read = await s.call(chatsApi.read, { params: { roomId: ab }, token: b.token });
    expect(read.body.unread_count).toBe(1);
    await say(b, cb, 'answer');
    expect(await unread(b)).toBe(0);
    expect(await unread(c)).toBe(1);
    // The room that moved last is first.
    expect((await s.call(chatsApi.list, { token: b.token })).body.data[0]!.roomId).toBe(cb);
  });
});

describe('chats with a creator account', () => {
  it('its owners answer as the account; editors and other creators may not; a reader never sees the owners', async () => {
    const [owner, coOwner, editor, reader, otherCreator] = await Promise.all([
      signedIn(s),
      signedIn(s),
      signedIn(s),
      signedIn(s),
      signedIn(s),
    ]);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id, { name: 'Yangon Voices' });
    await s.ctx.db.insert(accountUsers).values([
      { account_id: account.id, user_id: coOwner.user.id, role: 'owner' },
      { account_id: account.id, user_id: editor.user.id, role: 'editor' },
    ]);
    await createCreatorAccount(s.ctx.db, otherCreator.user.id);

    const opened = await s.call(chatsApi.create, {
      body: { isAccount: true, accountId: account.id },
      token: reader.token,
    });
    expect(opened.body.created).toBe(true);
    const { roomId } = opened.body;
    expect(
      (await s.call(chatsApi.create, { body: { isAccount: true, accountId: account.id }, token: reader.token })).body,
    ).toEqual({ roomId, created: false });
    await say(reader, roomId, 'Do you ship to Mandalay?');

    const answer = await say(owner, roomId, 'Yes, we do.');
    expect(answer.body.data).toMatchObject({ is_account: true, from_name: 'Yangon Voices', from: owner.user.id });
    expect(await unread(coOwner)).toBe(2);

    const seenByReader = await page(reader, roomId);
    expect(seenByReader.body.users).toEqual([]);
    expect(seenByReader.body.account).toMatchObject({ id: account.id, name: 'Yangon Voices' });
    expect(seenByReader.body.as_account).toBe(false);
    const seenByOwner = await page(coOwner, roomId);
    expect(seenByOwner.body.users.map((u) => u.id)).toEqual([reader.user.id]);
    expect(seenByOwner.body.as_account).toBe(true);
    expect(texts(seenByOwner.body.data.messages)).toEqual(['Do you ship to Mandalay?', 'Yes, we do.']);

    for (const outsider of [editor, otherCreator]) {
      expect((await page(outsider, roomId)).status).toBe(403);
      expect((await say(outsider, roomId, 'hello')).status).toBe(403);
    }

    // Someone made an owner after the chat began answers as the account too.
    await s.ctx.db.update(accountUsers).set({ role: 'owner' }).where(eq(accountUsers.user_id, editor.user.id));
    expect((await say(editor, roomId, 'Welcome!')).body.data.is_account).toBe(true);
    const [joined] = await s.ctx.db.select().from(chatMembers).where(eq(chatMembers.user_id, editor.user.id));
    expect(joined).toMatchObject({ room_id: roomId, as_account: true });

    const own = await s.call(chatsApi.create, { body: { isAccount: true, accountId: account.id }, token: owner.token });
    expect([own.status, own.error.errors?.accountId]).toEqual([
      422,
      ['This is your own account: its chats are in your chat list.'],
    ]);
    const pending = await createCreatorAccount(s.ctx.db, owner.user.id, { approved: 'pending' });
    const hidden = await s.call(chatsApi.create, {
      body: { isAccount: true, accountId: pending.id },
      token: reader.token,
    });
    expect(hidden.status).toBe(404);
  });
});

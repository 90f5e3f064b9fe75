import {
  accountsApi,
  chatsApi,
  commentsApi,
  followsApi,
  friendsApi,
  likesApi,
  notificationsApi,
  postsApi,
  safetyApi,
  searchApi,
  usersApi,
} from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, follows, friendships, safetySets, users } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { waitFor } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Who = Awaited<ReturnType<typeof signedIn>>;

/** A person who owns an approved account with one status on it, whose text is `content`. */
async function creator(content: string) {
  const who = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, who.user.id, { approved: 'approved' });
  const post = await s.call(postsApi.create, {
    token: who.token,
    body: { account_id: account.id, type: 'status', content },
  });
  expect(post.status).toBe(201);
  return { ...who, account, post: post.body.data };
}

const block = (by: Who, id: number) => s.call(safetyApi.block, { token: by.token, params: { id } });
const publicFeedIds = async (who: Who) =>
  (await s.call(postsApi.publicFeed, { token: who.token, query: { per_page: 50 } })).body.data.map((p) => p.id);
const followedFeedIds = async (who: Who) =>
  (await s.call(postsApi.feed, { token: who.token, query: { per_page: 50 } })).body.data.map((p) => p.id);
const search = (who: Who, q: string) => s.call(searchApi.search, { token: who.token, query: { q } });

describe('blocking: each side, both ways', () => {
  /**
   * `a` and `b` each own an account with a post, follow each other's accounts, are friends, chat 1:1, and `b`
   * commented on `a`'s post; then `blocker` blocks the other. Everything below must hold whoever made the block.
   */
  async function blockedPair(direction: 'a blocks b' | 'b blocks a') {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await creator(`Yangon tea shops ${tag}`);
    const b = await creator(`Bangkok night market ${tag}`);
    for (const [who, account] of [
      [a, b.account],
      [b, a.account],
    ] as const) {
      expect((await s.call(followsApi.follow, { token: who.token, params: { id: account.id } })).status).toBe(200);
    }
    await s.call(friendsApi.add, { token: a.token, body: { friend_id: b.user.id } });
    await s.call(friendsApi.accept, { token: b.token, body: { friend_id: a.user.id } });
    const room = await s.call(chatsApi.create, { token: a.token, body: { userIds: [b.user.id] } });
    const comment = await s.call(commentsApi.create, {
      token: b.token,
      body: { post_id: a.post.id, content: `Lovely ${tag}` },
    });
    expect(comment.status).toBe(201);
    const [blocker, blocked] = direction === 'a blocks b' ? [a, b] : [b, a];
    const res = await block(blocker, blocked.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_blocked: true });
    return { a, b, blocker, blocked, tag, roomId: room.body.roomId, commentId: comment.body.data.id };
  }

  for (const direction of ['a blocks b', 'b blocks a'] as const) {
    it(`${direction}: follows and the friendship end, and neither may follow, chat, comment, like or befriend`, async () => {
      const { a, b } = await blockedPair(direction);
      await waitFor(async () => {
        const left = await s.ctx.db
          .select()
          .from(follows)
          .where(and(eq(follows.user_id, a.user.id), eq(follows.account_id, b.account.id)));
        const right = await s.ctx.db
          .select()
          .from(follows)
          .where(and(eq(follows.user_id, b.user.id), eq(follows.account_id, a.account.id)));
        return left.length === 0 && right.length === 0;
      });
      await waitFor(
        async () =>
          (
            await s.ctx.db
              .select()
              .from(friendships)
              .where(eq(friendships.user_low, Math.min(a.user.id, b.user.id)))
          ).length === 0,
      );
      const accountOf = await s.call(accountsApi.byUsername, {
        token: a.token,
        params: { username: b.account.username },
      });
      expect(accountOf.body.data.followers_count).toBe(0);

      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const refused = [
          await s.call(followsApi.follow, { token: me.token, params: { id: other.account.id } }),
          await s.call(chatsApi.create, { token: me.token, body: { userIds: [other.user.id] } }),
          await s.call(chatsApi.create, { token: me.token, body: { isAccount: true, accountId: other.account.id } }),
          await s.call(commentsApi.create, { token: me.token, body: { post_id: other.post.id, content: 'Hi' } }),
          await s.call(likesApi.toggle, {
            token: me.token,
            body: { likeable_type: 'post', likeable_id: other.post.id },
          }),
          await s.call(friendsApi.add, { token: me.token, body: { friend_id: other.user.id } }),
        ];
        expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
        expect(refused[0]!.error.message).toBe("You can't do this: one of you has blocked the other.");
      }
    });

    it(`${direction}: the 1:1 chat refuses the next message, and the blocker's chat list drops it`, async () => {
      const { a, b, blocker, roomId } = await blockedPair(direction);
      for (const me of [a, b]) {
        const sent = await s.call(chatsApi.send, {
          token: me.token,
          params: { roomId },
          body: { message: 'Are you there?' },
        });
        expect(sent.status).toBe(403);
        expect(sent.error.message).toBe("You can't send messages in this chat.");
      }
      const rooms = (who: Who) => s.call(chatsApi.list, { token: who.token });
      const other = blocker === a ? b : a;
      expect((await rooms(blocker)).body.data.map((r) => r.roomId)).not.toContain(roomId);
      // The blocked person is not told: their list still has the room.
      expect((await rooms(other)).body.data.map((r) => r.roomId)).toContain(roomId);
    });

    it(`${direction}: each one's posts, comments and profile leave the other's feeds, search and comments`, async () => {
      const { a, b, tag, commentId } = await blockedPair(direction);
      const reader = await signedIn(s);
      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        expect(await publicFeedIds(me)).not.toContain(other.post.id);
        expect(await followedFeedIds(me)).not.toContain(other.post.id);
        const found = await search(me, tag);
        expect(found.body.data.posts.map((p) => p.id)).toEqual([me.post.id]);
        const people = await search(me, other.user.username);
        expect(people.body.data.users.map((u) => u.id)).not.toContain(other.user.id);
        const accounts = await search(me, other.account.username);
        expect(accounts.body.data.accounts.map((x) => x.id)).not.toContain(other.account.id);
        const explore = await s.call(accountsApi.explore, { token: me.token, query: { per_page: 100 } });
        expect(explore.body.data.map((x) => x.id)).not.toContain(other.account.id);
      }
      const thread = (who: Who) => s.call(commentsApi.ofPost, { token: who.token, params: { id: a.post.id } });
      expect((await thread(a)).body.data.map((c) => c.id)).not.toContain(commentId);
      // Anyone else still sees both, and the comment.
      expect(await publicFeedIds(reader)).toEqual(expect.arrayContaining([a.post.id, b.post.id]));
      expect((await thread(reader)).body.data.map((c) => c.id)).toContain(commentId);
      expect((await search(reader, tag)).body.data.posts).toHaveLength(2);
    });

    it(`${direction}: a notification from the other, written before the block, leaves the list and the unread count`, async () => {
      const a = await creator('Pagoda festival');
      const b = await signedIn(s);
      const page = async (who: Who) =>
        (await s.call(notificationsApi.list, { token: who.token, query: { per_page: 100 } })).body;
      const listed = async (who: Who) => (await page(who)).data;
      const unread = async (who: Who) => (await page(who)).meta.unread_count;
      const fromB = async () => (await listed(a)).filter((n) => n.actor?.id === b.user.id);
      await s.call(commentsApi.create, { token: b.token, body: { post_id: a.post.id, content: 'So pretty' } });
      await waitFor(async () => (await fromB()).length === 1);
      await waitFor(async () => (await unread(a)) === 1);
      await (direction === 'a blocks b' ? block(a, b.user.id) : block(b, a.user.id));
      expect(await fromB()).toEqual([]);
      // The badge does not ring for what the list no longer shows.
      await waitFor(async () => (await unread(a)) === 0);
      // Someone else still reaches a.
      const third = await signedIn(s);
      await s.call(likesApi.toggle, { token: third.token, body: { likeable_type: 'post', likeable_id: a.post.id } });
      await waitFor(async () => (await listed(a)).some((n) => n.actor?.id === third.user.id));
    });
  }

  it('answers is_blocked to the blocker only, on the person, their account and their posts', async () => {
    const target = await creator('Mandalay hill at dawn');
    const me = await signedIn(s);
    await block(me, target.user.id);
    const person = await s.call(usersApi.person, { token: me.token, params: { id: target.user.id } });
    expect(person.body.data.is_blocked).toBe(true);
    const back = await s.call(usersApi.person, { token: target.token, params: { id: me.user.id } });
    expect(back.status).toBe(200);
    expect(back.body.data.is_blocked).toBe(false);
    const account = await s.call(accountsApi.byUsername, {
      token: me.token,
      params: { username: target.account.username },
    });
    expect(account.body.data).toMatchObject({ is_blocked: true, is_muted: false });
    // By link the post still opens, marked.
    const post = await s.call(postsApi.bySlug, { token: me.token, params: { slug: target.post.slug } });
    expect(post.body.data).toMatchObject({ is_blocked: true, is_muted: false });

    const unblocked = await s.call(safetyApi.unblock, { token: me.token, params: { id: target.user.id } });
    expect(unblocked.body).toEqual({ is_blocked: false });
    expect(await publicFeedIds(me)).toContain(target.post.id);
  });

  it('blocking an account blocks its owners without naming them, and lists them under my blocks', async () => {
    const target = await creator('Inle lake boats');
    const me = await signedIn(s);
    const res = await s.call(safetyApi.blockAccount, { token: me.token, params: { id: target.account.id } });
    expect(res.body).toEqual({ is_blocked: true });
    const blocks = await s.call(safetyApi.blocks, { token: me.token });
    expect(blocks.body.data.map((b) => b.id)).toEqual([target.user.id]);
    expect(blocks.body.meta.total).toBe(1);
    expect(await publicFeedIds(me)).not.toContain(target.post.id);
    await s.call(safetyApi.unblockAccount, { token: me.token, params: { id: target.account.id } });
    expect((await s.call(safetyApi.blocks, { token: me.token })).body.data).toEqual([]);
  });

  it('stays true through what changes after the block: a new account, a new owner, an owner removed, a deleted person', async () => {
    const me = await signedIn(s);
    const target = await creator('Before the block');
    await block(me, target.user.id);
    // An account the blocked person owns from after the block (made here as the app makes one: its owner row).
    const later = await createCreatorAccount(s.ctx.db, target.user.id, { approved: 'approved' });
    const laterPost = await s.call(postsApi.create, {
      token: target.token,
      body: { account_id: later.id, type: 'status', content: 'Written after the block' },
    });
    expect(laterPost.status).toBe(201);
    expect(await publicFeedIds(me)).not.toContain(laterPost.body.data.id);
    const asAccount = await s.call(accountsApi.byUsername, { token: me.token, params: { username: later.username } });
    expect(asAccount.body.data.is_blocked).toBe(true);

    // Someone else's account gains the blocked person as an owner: it leaves my lists; losing them, it returns.
    const other = await creator('An account that changes hands');
    expect(await publicFeedIds(me)).toContain(other.post.id);
    await s.ctx.db
      .insert(accountUsers)
      .values({ account_id: other.account.id, user_id: target.user.id, role: 'owner' });
    expect(await publicFeedIds(me)).not.toContain(other.post.id);
    await s.ctx.db
      .update(accountUsers)
      .set({ role: 'editor' })
      .where(and(eq(accountUsers.account_id, other.account.id), eq(accountUsers.user_id, target.user.id)));
    expect(await publicFeedIds(me)).toContain(other.post.id);

    // The blocked person deleted: nothing of the block is left to read.
    await s.ctx.db.delete(users).where(eq(users.id, target.user.id));
    expect(await s.ctx.db.select().from(safetySets).where(eq(safetySets.user_id, me.user.id))).toEqual([]);
    expect(await publicFeedIds(me)).toContain(other.post.id);
  });

  it('two blocks of one person at once both count (each rebuild sees the other)', async () => {
    const me = await signedIn(s);
    const [a, b, c] = await Promise.all([creator('First'), creator('Second'), creator('Third')]);
    await Promise.all([block(me, a.user.id), block(b, me.user.id), block(me, c.user.id)]);
    const feed = await publicFeedIds(me);
    for (const post of [a.post, b.post, c.post]) expect(feed).not.toContain(post.id);
  });

  it('who may not: a guest, myself, my own account, nobody', async () => {
    const me = await creator('My own account');
    expect((await s.call(safetyApi.block, { params: { id: me.user.id } })).status).toBe(401);
    expect((await s.call(safetyApi.blocks, {})).status).toBe(401);
    expect((await s.call(safetyApi.setMutedWords, { body: { words: ['x'] } })).status).toBe(401);
    const self = await block(me, me.user.id);
    expect(self.status).toBe(422);
    expect(self.error.errors).toHaveProperty('id');
    expect((await s.call(safetyApi.blockAccount, { token: me.token, params: { id: me.account.id } })).status).toBe(422);
    expect((await s.call(safetyApi.mute, { token: me.token, params: { id: me.account.id } })).status).toBe(422);
    expect((await block(me, 2_000_000_000)).status).toBe(404);
    expect((await s.call(safetyApi.mute, { token: me.token, params: { id: 2_000_000_000 } })).status).toBe(404);
    // A pending account (not public) is no more mutable than a missing one.
    const pending = await createCreatorAccount(s.ctx.db, (await signedIn(s)).user.id, { approved: 'pending' });
    expect((await s.call(safetyApi.mute, { token: me.token, params: { id: pending.id } })).status).toBe(404);
    expect((await s.call(safetyApi.blocks, { token: me.token })).body.data).toEqual([]);
  });
});

describe('muting', () => {
  it('a muted account leaves my feeds and search only; by link and on its page it stays', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const target = await creator(`Shwedagon at night ${tag}`);
    const me = await signedIn(s);
    const other = await signedIn(s);
    await s.call(followsApi.follow, { token: me.token, params: { id: target.account.id } });
    const res = await s.call(safetyApi.mute, { token: me.token, params: { id: target.account.id } });
    expect(res.body).toEqual({ is_muted: true });
    expect(await publicFeedIds(me)).not.toContain(target.post.id);
    expect(await followedFeedIds(me)).not.toContain(target.post.id);
    expect((await search(me, tag)).body.data.posts).toEqual([]);
    expect((await search(me, target.account.username)).body.data.accounts).toEqual([]);
    const page = await s.call(postsApi.ofAccount, { token: me.token, params: { id: target.account.id } });
    expect(page.body.data.map((p) => p.id)).toEqual([target.post.id]);
    const byLink = await s.call(postsApi.bySlug, { token: me.token, params: { slug: target.post.slug } });
    expect(byLink.body.data.is_muted).toBe(true);
    // Only for me: another reader sees it, and the author is not blocked from me.
    expect(await publicFeedIds(other)).toContain(target.post.id);
    expect((await search(other, tag)).body.data.posts).toHaveLength(1);
    expect(
      (await s.call(likesApi.toggle, { token: me.token, body: { likeable_type: 'post', likeable_id: target.post.id } }))
        .status,
    ).toBe(200);

    const mutes = await s.call(safetyApi.mutes, { token: me.token });
    expect(mutes.body.data.map((m) => m.id)).toEqual([target.account.id]);
    await s.call(safetyApi.unmute, { token: me.token, params: { id: target.account.id } });
    expect(await publicFeedIds(me)).toContain(target.post.id);
  });

  it('muted words are found inside text in any script, without spaces, in any case', async () => {
    const burmese = await creator('ဒီနေ့မိုးရွာတယ်ထီးယူခဲ့ပါ');
    const thai = await creator('วันนี้ฝนตกหนักมากเลย');
    const latin = await creator('SPOILER: the hero wins');
    const plain = await creator('Nothing to hide here');
    const me = await signedIn(s);
    const put = await s.call(safetyApi.setMutedWords, {
      token: me.token,
      body: { words: ['မိုးရွာ', ' ฝนตก ', 'spoiler', 'Spoiler', '', '50%_off', 'c++ (beta)', 'a.b', String.raw`\d+`] },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.words).toEqual(['မိုးရွာ', 'ฝนตก', 'spoiler', '50%_off', 'c++ (beta)', 'a.b', String.raw`\d+`]);
    expect((await s.call(safetyApi.mutedWords, { token: me.token })).body.data.words).toEqual(put.body.data.words);
    const ids = await publicFeedIds(me);
    expect(ids).not.toContain(burmese.post.id);
    expect(ids).not.toContain(thai.post.id);
    expect(ids).not.toContain(latin.post.id);
    expect(ids).toContain(plain.post.id);
    // Every character of a word matches only itself: `%`, `_` and a regular expression's metacharacters too.
    const other = await creator('Everything 50 off today');
    const dotted = await creator('axb and 1234');
    const cpp = await creator('Learning C++ (Beta) this week');
    const after = await publicFeedIds(me);
    expect(after).toContain(other.post.id);
    expect(after).toContain(dotted.post.id);
    expect(after).not.toContain(cpp.post.id);
    // Still readable by link.
    const byLink = await s.call(postsApi.bySlug, { token: me.token, params: { slug: thai.post.slug } });
    expect(byLink.status).toBe(200);
  });

  it('refuses more than 100 words or a word over 50 characters, and keeps the list as it was', async () => {
    const me = await signedIn(s);
    await s.call(safetyApi.setMutedWords, { token: me.token, body: { words: ['keep'] } });
    const many = await s.call(safetyApi.setMutedWords, {
      token: me.token,
      body: { words: Array.from({ length: 101 }, (_, i) => `w${i}`) },
    });
    expect(many.status).toBe(422);
    const long = await s.call(safetyApi.setMutedWords, { token: me.token, body: { words: ['x'.repeat(51)] } });
    expect(long.status).toBe(422);
    expect(long.error.errors).toBeDefined();
    expect((await s.call(safetyApi.mutedWords, { token: me.token })).body.data.words).toEqual(['keep']);
    const cleared = await s.call(safetyApi.setMutedWords, { token: me.token, body: { words: [] } });
    expect(cleared.body.data.words).toEqual([]);
  });
});

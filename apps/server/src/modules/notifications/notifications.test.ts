import {
  NOTIFICATION_EVENT,
  billingApi,
  chatRoomChannel,
  chatsApi,
  commentsApi,
  followsApi,
  friendsApi,
  likesApi,
  notificationsApi,
  notificationsChannel,
  postsApi,
  type NotificationKind,
} from '@inkwell/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, notifications, subscriptions, users } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { planId } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { collect, connectSocket, nextEvent, subscribe } from '../../../test/sockets';
import { jobsSettled } from '../../../test/wait-for';
import { pino } from 'pino';
import { testSettings } from '../../config';
import { connectDatabase } from '../../db/connect';
import { eventSubscribers } from '../../registrations';
import { createContext } from '../../platform/create-context';
import { jobHandlers, registrations } from '../../registrations';
import { createNotifications } from '.';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Who = Awaited<ReturnType<typeof signedIn>>;

/** An account with two owners and a post on it. */
async function ownedPost(content = 'Tell me things') {
  const owner = await signedIn(s);
  const coOwner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id, { name: 'Mandalay Notes' });
  await s.ctx.db.insert(accountUsers).values({ account_id: account.id, user_id: coOwner.user.id, role: 'owner' });
  const res = await s.call(postsApi.create, {
    token: owner.token,
    body: { account_id: account.id, type: 'status', content },
  });
  expect(res.status).toBe(201);
  return { owner, coOwner, account, post: res.body.data as { id: number; slug: string } };
}

/** A person's notification rows, oldest first, once every job has run. */
async function rowsOf(who: Who, kind?: NotificationKind) {
  await jobsSettled(s);
  const rows = await s.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, who.user.id), kind ? eq(notifications.type, kind) : undefined))
    .orderBy(asc(notifications.id));
  return rows;
}

const like = (who: Who, type: 'post' | 'comment', id: number) =>
  s.call(likesApi.toggle, { token: who.token, body: { likeable_type: type, likeable_id: id } });

const comment = async (who: Who, postId: number, content: string, parent?: number) => {
  const res = await s.call(commentsApi.create, {
    token: who.token,
    body: { post_id: postId, content, parent_comment_id: parent },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
};

const setLocale = (who: Who, locale: 'en' | 'my' | 'th') =>
  s.ctx.db.update(users).set({ locale }).where(eq(users.id, who.user.id));

describe('one notification per recipient for each kind, in their language, never to the actor', () => {
  it('likes on a post tell its owners and group within the hour: “Aye and 2 others liked your post”', async () => {
    const { owner, coOwner, post } = await ownedPost('Morning market in Yangon');
    await setLocale(coOwner, 'th');
    const [a, b, c] = await Promise.all([
      signedIn(s, { name: 'Aye Chan' }),
      signedIn(s, { name: 'Bo Bo' }),
      signedIn(s, { name: 'Chit' }),
    ]);
    await like(a, 'post', post.id);
    expect(await rowsOf(owner, 'like')).toMatchObject([
      {
        title: 'Aye Chan liked your post',
        body: 'Morning market in Yangon',
        actors_count: 1,
        url: `/posts/${post.slug}`,
      },
    ]);
    await like(b, 'post', post.id);
    await like(c, 'post', post.id);
    // Liking again after an unlike is not news twice.
    await like(a, 'post', post.id);
    await like(a, 'post', post.id);
    await like(owner, 'post', post.id); // the owner's own like tells only the other owner

    const mine = await rowsOf(owner, 'like');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'Chit and 2 others liked your post', actors_count: 3, read_at: null });
    const theirs = await rowsOf(coOwner, 'like');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ title: `${owner.user.name} และอีก 3 คนถูกใจโพสต์ของคุณ`, actors_count: 4 });

    // Past the hour a like starts a new notification.
    await s.ctx.db
      .update(notifications)
      .set({ grouped_since: new Date(Date.now() - 61 * 60_000) })
      .where(eq(notifications.user_id, owner.user.id));
    const d = await signedIn(s, { name: 'Daw Mya' });
    await like(d, 'post', post.id);
    expect((await rowsOf(owner, 'like')).map((n) => n.title)).toEqual([
      'Chit and 2 others liked your post',
      'Daw Mya liked your post',
    ]);
  });

  it('a comment like tells its author; a comment the owners; a reply the author it answers, once', async () => {
    const { owner, coOwner, post } = await ownedPost();
    await setLocale(owner, 'my');
    const reader = await signedIn(s, { name: 'Somchai' });
    const first = await comment(reader, post.id, 'First!');
    const answer = await comment(owner, post.id, 'Thanks for reading', first.id);
    await like(owner, 'comment', first.id);
    await like(reader, 'comment', first.id); // their own comment: nobody to tell

    expect((await rowsOf(owner, 'comment')).map((n) => [n.title, n.body])).toEqual([
      ['Somchai က သင့်ပို့စ်တွင် မှတ်ချက်ပေးခဲ့သည်', 'First!'],
    ]);
    // The owner answered the reader: the reader hears of the reply, the other owner of a comment.
    expect((await rowsOf(reader, 'reply')).map((n) => [n.title, n.body, n.comment_id])).toEqual([
      [`${owner.user.name} replied to your comment`, 'Thanks for reading', answer.id],
    ]);
    expect((await rowsOf(coOwner, 'comment')).map((n) => n.comment_id)).toEqual([first.id, answer.id]);
    expect((await rowsOf(reader, 'like')).map((n) => [n.title, n.body, n.comment_id])).toEqual([
      [`${owner.user.name} liked your comment`, 'First!', first.id],
    ]);
    expect(await rowsOf(reader, 'comment')).toEqual([]);
  });

  it('a follow tells every owner once a day; a friend request and an acceptance tell the other person', async () => {
    const { owner, coOwner, account } = await ownedPost();
    const reader = await signedIn(s, { name: 'Nilar' });
    const follow = (method: 'POST' | 'DELETE') =>
      s.call(method === 'POST' ? followsApi.follow : followsApi.unfollow, {
        params: { id: account.id },
        token: reader.token,
      });
    await follow('POST');
    await follow('DELETE');
    await follow('POST');
    for (const who of [owner, coOwner]) {
      expect((await rowsOf(who, 'follow')).map((n) => [n.title, n.body, n.url])).toEqual([
        ['Nilar started following Mandalay Notes', 'Mandalay Notes has 1 follower now.', `/u/${reader.user.id}`],
      ]);
    }

    await s.call(friendsApi.add, { body: { friend_id: owner.user.id }, token: reader.token });
    await s.call(friendsApi.accept, { body: { friend_id: reader.user.id }, token: owner.token });
    expect((await rowsOf(owner, 'friend_request')).map((n) => [n.title, n.url])).toEqual([
      ['Nilar wants to be your friend', `/u/${reader.user.id}`],
    ]);
    expect((await rowsOf(reader, 'friend_accepted')).map((n) => n.title)).toEqual([
      `${owner.user.name} accepted your friend request`,
    ]);
    expect(await rowsOf(reader, 'friend_request')).toEqual([]);
  });

  it('a chat message tells the members who are not looking at the room; one notification per room until read', async () => {
    const [a, b, c] = await Promise.all([signedIn(s, { name: 'Aung' }), signedIn(s), signedIn(s)]);
    const { roomId } = (await s.call(chatsApi.create, { body: { userIds: [b.user.id, c.user.id] }, token: a.token }))
      .body;
    // C has the room open (the app's socket holds C's notifications and the room: that is how C is known there).
    const socket = await connectSocket(s.url);
    try {
      await subscribe(s, socket, c.token, notificationsChannel(c.user.id));
      await subscribe(s, socket, c.token, chatRoomChannel(roomId));
      await s.call(chatsApi.send, { params: { roomId }, body: { message: 'Shall we meet at 5?' }, token: a.token });
      await s.call(chatsApi.send, { params: { roomId }, body: { message: 'At the bookshop' }, token: a.token });
      const forB = await rowsOf(b, 'chat');
      expect(forB).toHaveLength(1);
      expect(forB[0]).toMatchObject({
        title: 'Aung · 3 new messages',
        body: 'At the bookshop',
        tag: 'chat',
        url: `/chats/${roomId}`,
        actors_count: 3,
      });
      // C heard of the greeting before opening the room, and of nothing since.
      expect((await rowsOf(c, 'chat')).map((n) => [n.body, n.actors_count])).toEqual([['hi', 1]]);
      await s.call(notificationsApi.read, { body: {}, token: b.token });
      await s.call(chatsApi.send, { params: { roomId }, body: { message: 'See you' }, token: a.token });
      expect((await rowsOf(b, 'chat')).map((n) => n.title)).toEqual(['Aung · 3 new messages', 'Aung']);
    } finally {
      socket.close();
    }
  });

  // A worker process of its own is the PostgreSQL shape (the embedded database has one process, one connection).
  it.runIf(Boolean(testSettings().databaseUrl))(
    'twenty chat messages sent at once to people not looking: a separate worker writes every notification (issue 25: its pool hung)',
    async () => {
      // The production shape: serve queues, a worker process of its own (its own pool of 10, no memo shared with
      // serve) takes ten jobs at once.
      const serve = await startTestServer({ JOBS: 'off' });
      const database = await connectDatabase({
        kind: 'postgres',
        url: serve.databaseUrl!,
        poolSize: 10,
        guardSql: true,
      });
      const worker = await createContext(serve.ctx.config, pino({ level: 'silent' }), registrations, {
        database,
        jobPollSeconds: 0.5,
      });
      worker.events.register(eventSubscribers(worker));
      await worker.jobs.work(jobHandlers(worker));
      try {
        const pairs = await Promise.all(
          Array.from({ length: 20 }, async () => {
            const [from, to] = await Promise.all([signedIn(serve), signedIn(serve)]);
            const created = await serve.call(chatsApi.create, { body: { userIds: [to.user.id] }, token: from.token });
            return { from, to, roomId: created.body.roomId };
          }),
        );
        const sent = await Promise.all(
          pairs.map(({ from, roomId }) =>
            serve.call(chatsApi.send, { params: { roomId }, body: { message: 'All at once' }, token: from.token }),
          ),
        );
        expect(sent.map((r) => r.status)).toEqual(sent.map(() => 201));
        const deadline = Date.now() + 30_000;
        let missing = pairs.length;
        while (Date.now() < deadline) {
          const found = await Promise.all(
            pairs.map(({ to }) =>
              serve.ctx.db
                .select({ id: notifications.id })
                .from(notifications)
                .where(and(eq(notifications.user_id, to.user.id), eq(notifications.type, 'chat'))),
            ),
          );
          missing = found.filter((rows) => rows.length === 0).length;
          if (missing === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(missing).toBe(0);
      } finally {
        await worker.events.drain();
        await worker.jobs.stop(2000);
        await worker.realtime.close();
        await database.close();
        await serve.close();
      }
    },
    60_000,
  );

  it('a new post notifies the followers who rang the account’s bell, and nobody else', async () => {
    const { owner, account } = await ownedPost();
    const [ringer, quiet, stranger] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    await setLocale(ringer, 'my');
    for (const who of [ringer, quiet])
      await s.call(followsApi.follow, { params: { id: account.id }, token: who.token });
    const rung = await s.call(followsApi.ringBell, { params: { id: account.id }, token: ringer.token });
    expect(rung.body).toEqual({ is_followed: true, followers_count: 2, bell: true });
    const refused = await s.call(followsApi.ringBell, { params: { id: account.id }, token: stranger.token });
    expect([refused.status, refused.error.code]).toEqual([409, 'follows.bell_needs_follow']);

    const res = await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'status', content: 'New chapter is up' },
    });
    expect((await rowsOf(ringer, 'new_post')).map((n) => [n.title, n.body, n.url])).toEqual([
      ['Mandalay Notes က ပို့စ်အသစ်တစ်ခု ထုတ်ဝေခဲ့သည်', 'New chapter is up', `/posts/${res.body.data.slug}`],
    ]);
    expect(await rowsOf(quiet, 'new_post')).toEqual([]);
    expect(await rowsOf(owner, 'new_post')).toEqual([]);

    // Silenced, or unfollowed: no more.
    expect((await s.call(followsApi.silenceBell, { params: { id: account.id }, token: ringer.token })).body.bell).toBe(
      false,
    );
    await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'status', content: 'Another one' },
    });
    expect(await rowsOf(ringer, 'new_post')).toHaveLength(1);
  });

  it('a subscription started, ending in three days and ended tells its owner', async () => {
    const person = await signedIn(s);
    const started = await s.call(billingApi.subscribe, {
      token: person.token,
      body: {
        plan_id: await planId(s, 'creator'),
        trial: true,
        billing_cycle: 'monthly',
        payment_provider: 'free_trial',
      },
    });
    expect(started.status).toBe(200);
    const [subscription] = await s.ctx.db.select().from(subscriptions).where(eq(subscriptions.user_id, person.user.id));
    const runBilling = async () => {
      await s.ctx.jobs.send('billing.expire', {});
      await jobsSettled(s, ['billing.expire', 'notifications.create']);
    };
    await s.ctx.db
      .update(subscriptions)
      .set({ expires_at: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(subscriptions.id, subscription!.id));
    await runBilling();
    await runBilling(); // announced once
    await s.ctx.db
      .update(subscriptions)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, subscription!.id));
    await runBilling();
    const rows = await rowsOf(person, 'subscription');
    expect(rows.map((n) => [n.title, n.payload.phase, n.url, n.actor_id])).toEqual([
      ['Your Creator trial has started', 'started', '/profile/plan', person.user.id],
      [expect.stringMatching(/^Your Creator trial ends on /), 'ending', '/profile/plan', null],
      ['Your Creator trial has ended', 'ended', '/profile/plan', null],
    ]);
  });

  it('a notification whose subject was deleted before the job ran is dropped, not retried', async () => {
    const { owner, account, post } = await ownedPost();
    const reader = await signedIn(s);
    expect((await s.call(postsApi.remove, { params: { id: post.id }, token: owner.token })).status).toBe(204);
    await expect(
      createNotifications(s.ctx, {
        event: { type: 'post.liked', actor_id: reader.user.id, account_id: account.id, post_id: post.id },
      }),
    ).resolves.toBeUndefined();
    expect(await rowsOf(owner)).toEqual([]);
  });
});

describe('the list, reading and the unread count', () => {
  it('pages newest first with the unread count, marks some or all read, and never shows another person’s', async () => {
    const { owner, post } = await ownedPost();
    const readers = await Promise.all([1, 2, 3].map((i) => signedIn(s, { name: `Reader ${i}` })));
    // With Redis the notification jobs run concurrently, so each settles before the next comment: the test is
    // about the list's order, not the queue's.
    for (const r of readers) {
      await comment(r, post.id, `Comment by ${r.user.name}`);
      await jobsSettled(s);
    }

    const list = await s.call(notificationsApi.list, { query: { per_page: 2 }, token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((n) => n.body)).toEqual(['Comment by Reader 3', 'Comment by Reader 2']);
    expect(list.body.data[0]).toMatchObject({
      type: 'comment',
      actor: { id: readers[2]!.user.id, name: 'Reader 3', profile_url: null },
      actors_count: 1,
      read_at: null,
    });
    expect(list.body.meta).toMatchObject({ total: 3, last_page: 2, unread_count: 3 });

    const one = await s.call(notificationsApi.read, { body: { ids: [list.body.data[0]!.id] }, token: owner.token });
    expect(one.body).toEqual({ unread_count: 2 });
    // Someone else's ids are ignored, not read.
    const stranger = await signedIn(s);
    expect(
      (await s.call(notificationsApi.read, { body: { ids: [list.body.data[1]!.id] }, token: stranger.token })).body,
    ).toEqual({ unread_count: 0 });
    expect((await s.call(notificationsApi.list, { token: stranger.token })).body.data).toEqual([]);
    expect((await s.call(notificationsApi.read, { body: {}, token: owner.token })).body).toEqual({ unread_count: 0 });

    // The count stays true through deletes: the post goes, its notifications with it.
    await comment(readers[0]!, post.id, 'One more');
    await jobsSettled(s);
    expect((await s.call(notificationsApi.list, { token: owner.token })).body.meta.unread_count).toBe(1);
    await s.call(postsApi.remove, { params: { id: post.id }, token: owner.token });
    const after = await s.call(notificationsApi.list, { token: owner.token });
    expect([after.body.meta.unread_count, after.body.meta.total]).toEqual([0, 0]);

    expect((await s.call(notificationsApi.list)).status).toBe(401);
    expect((await s.call(notificationsApi.read, { body: { ids: [0] }, token: owner.token })).status).toBe(422);
  });

  it('each kind can be turned off in the app and for push apart; the list and count follow', async () => {
    const { owner, post } = await ownedPost();
    const settings = await s.call(notificationsApi.settings, { token: owner.token });
    expect(settings.body.data.comment).toEqual({ in_app: true, push: true });
    const saved = await s.call(notificationsApi.updateSettings, {
      body: { settings: { comment: { in_app: false, push: true }, like: { in_app: false, push: false } } },
      token: owner.token,
    });
    expect(saved.body.message).toBe('Your notification settings are saved.');
    expect(saved.body.data).toMatchObject({
      comment: { in_app: false, push: true },
      like: { in_app: false, push: false },
      reply: { in_app: true, push: true },
    });
    const reader = await signedIn(s);
    await comment(reader, post.id, 'Only by push');
    await like(reader, 'post', post.id);
    const rows = await rowsOf(owner);
    // The comment is kept for push only; the like is not written at all.
    expect(rows.map((n) => [n.type, n.in_app, n.push])).toEqual([['comment', false, true]]);
    const list = await s.call(notificationsApi.list, { token: owner.token });
    expect([list.body.data, list.body.meta.unread_count]).toEqual([[], 0]);
    const bad = await s.call(notificationsApi.updateSettings, {
      rawBody: { settings: { comment: { in_app: 'yes' } } },
      token: owner.token,
    });
    expect(bad.status).toBe(422);
  });
});

describe('delivery in the app', () => {
  it('the recipient’s open pages hear each notification with the unread count; nobody else does', async () => {
    const { owner, coOwner, post } = await ownedPost();
    const reader = await signedIn(s, { name: 'Thiri' });
    const [toOwner, toReader] = await Promise.all([connectSocket(s.url), connectSocket(s.url)]);
    try {
      await subscribe(s, toOwner, owner.token, notificationsChannel(owner.user.id));
      await subscribe(s, toReader, reader.token, notificationsChannel(reader.user.id));
      const heardByReader = collect(toReader, NOTIFICATION_EVENT);
      const arrived = nextEvent(toOwner, NOTIFICATION_EVENT);
      await comment(reader, post.id, 'Beautiful words');
      expect(await arrived).toEqual({
        channel: notificationsChannel(owner.user.id),
        redisNotification: {
          title: 'Thiri commented on your post',
          body: 'Beautiful words',
          type: 'comment',
          icon: '/icons/icon-192.png',
          tag: expect.stringMatching(/^comment-\d+$/),
          url: `/posts/${post.slug}`,
          badge: '/icons/badge-72.png',
          unread_count: 1,
        },
      });
      await jobsSettled(s);
      expect(heardByReader).toEqual([]);
      expect((await rowsOf(coOwner, 'comment')).length).toBe(1);
    } finally {
      toOwner.close();
      toReader.close();
    }
  });
});

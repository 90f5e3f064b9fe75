import { randomUUID } from 'node:crypto';
import { likesApi, postsApi } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../config';
import { queryRows } from '../../db/connect';
import { notifications } from '../../db/schema';
import { createNotifications } from '../../modules/notifications';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { startPeerServer } from '../../../test/peer-server';
import { jobsSettled, waitFor } from '../../../test/wait-for';

/**
 * The outbox (issue 25): a transaction's events are written in it, so a process that dies between COMMIT and
 * its subscribers loses no notification; any process's relay hands them out once their claim runs out.
 */
const APP_SECRET = 'outbox-test-secret-with-enough-length-0123456789';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ APP_SECRET, OUTBOX_RETRY_SECONDS: '2' });
});
afterAll(async () => {
  await s?.close();
});

const outboxRows = async () =>
  (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from event_outbox`))[0]!.n;

async function likedPost() {
  const creator = await signedIn(s);
  const reader = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, creator.user.id, { name: 'Outbox Stories' });
  const res = await s.call(postsApi.create, {
    token: creator.token,
    body: { account_id: account.id, type: 'status', content: 'Still here after a crash' },
  });
  expect(res.status).toBe(201);
  await jobsSettled(s);
  return { creator, reader, account, post: res.body.data as { id: number } };
}

const likeNotifications = (userId: number, postId: number, actorId: number) =>
  s.ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.user_id, userId), eq(notifications.post_id, postId), eq(notifications.actor_id, actorId)),
    );

describe('the event outbox', () => {
  it('a committed change writes its events in its transaction, and the row goes once they are handed out', async () => {
    const { creator, reader, post } = await likedPost();
    const seen: number[] = [];
    const stop = s.ctx.events.subscribe('post.liked', async () => {
      // While the subscribers run, the transaction's events are on disk.
      seen.push(await outboxRows());
    });
    try {
      const res = await s.call(likesApi.toggle, {
        token: reader.token,
        body: { likeable_type: 'post', likeable_id: post.id },
      });
      expect(res.status).toBe(200);
      await jobsSettled(s);
    } finally {
      stop();
    }
    expect(seen).toEqual([1]);
    expect(await outboxRows()).toBe(0);
    expect(await likeNotifications(creator.user.id, post.id, reader.user.id)).toHaveLength(1);
  });

  it('events a dead process left are handed out by the relay once their claim ran out, exactly once', async () => {
    const { creator, reader, account, post } = await likedPost();
    // As a process that committed the like and died before its subscribers ran would leave it.
    const event = { type: 'post.liked', actor_id: reader.user.id, account_id: account.id, post_id: post.id };
    await s.ctx.db.execute(
      sql`insert into event_outbox (events, claimed_until) values (${JSON.stringify([event])}::jsonb, now() - interval '1 second')`,
    );
    await waitFor(async () => expect(await outboxRows()).toBe(0), { timeoutMs: 15_000 });
    await jobsSettled(s);
    expect(await likeNotifications(creator.user.id, post.id, reader.user.id)).toHaveLength(1);
    // Claimed and cleared: nothing is handed out a second time.
    expect(await s.ctx.events.redeliver()).toBe(0);
  });

  it('the same event handed out twice (a redelivered row, a retried job) leaves one notification and one count', async () => {
    const { creator, reader, account, post } = await likedPost();
    const event = {
      type: 'post.liked',
      actor_id: reader.user.id,
      account_id: account.id,
      post_id: post.id,
      event_id: randomUUID(),
    };
    for (let i = 0; i < 2; i++)
      await s.ctx.db.execute(
        sql`insert into event_outbox (events, claimed_until) values (${JSON.stringify([event])}::jsonb, now() - interval '1 second')`,
      );
    await waitFor(async () => expect(await outboxRows()).toBe(0), { timeoutMs: 15_000 });
    await jobsSettled(s, ['notifications.create', 'insights.count']);
    // A job run again for it (as after a crash between its commit and its completion) adds nothing either.
    await createNotifications(s.ctx, { event: event as never });
    expect(await likeNotifications(creator.user.id, post.id, reader.user.id)).toHaveLength(1);
    const [day] = await queryRows<{ likes: number }>(
      s.ctx.db,
      sql`select coalesce(sum(likes), 0)::int as likes from account_daily_stats where account_id = ${account.id}`,
    );
    expect(day!.likes).toBe(1);
  });

  it('a row still claimed by its live process is left alone', async () => {
    await s.ctx.db.execute(
      sql`insert into event_outbox (events, claimed_until) values ('[]'::jsonb, now() + interval '1 hour')`,
    );
    expect(await s.ctx.events.redeliver()).toBe(0);
    expect(await outboxRows()).toBe(1);
    await s.ctx.db.execute(sql`delete from event_outbox`);
  });

  it('a row of events this build does not know is dropped with an error, not retried forever', async () => {
    await s.ctx.db.execute(
      sql`insert into event_outbox (events, claimed_until) values ('[{"type":"no.such_event"}]'::jsonb, now() - interval '1 second')`,
    );
    await waitFor(async () => expect(await outboxRows()).toBe(0), { timeoutMs: 15_000 });
  });
});

describe('a process killed between COMMIT and its answer', () => {
  it.runIf(Boolean(testSettings().databaseUrl))(
    'loses no notification: the like is committed, the process dies, another process hands out its events',
    async () => {
      const { creator, reader, post } = await likedPost();
      // A second serve on the same database that kills itself right after committing a like.
      const doomed = await startPeerServer(s, APP_SECRET, {
        FAULT_EXIT_AFTER_COMMIT: 'post.liked',
        OUTBOX_RETRY_SECONDS: '2',
      });
      const answer = await fetch(`${doomed.url}/api/likes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ likeable_type: 'post', likeable_id: post.id }),
      }).then(
        (res) => res.status,
        () => 'no answer',
      );
      expect(answer).toBe('no answer');
      expect(await doomed.exited).toBe('SIGKILL');
      // The like was committed, its notification was not created by the process that died…
      const [liked] = await queryRows<{ likes_count: number }>(
        s.ctx.db,
        sql`select likes_count from posts where id = ${post.id}`,
      );
      expect(liked!.likes_count).toBe(1);
      // …and this process's relay hands its events out once the claim (2 s here) runs out.
      await waitFor(
        async () => expect(await likeNotifications(creator.user.id, post.id, reader.user.id)).toHaveLength(1),
        {
          timeoutMs: 30_000,
          intervalMs: 250,
        },
      );
      await waitFor(async () => expect(await outboxRows()).toBe(0), { timeoutMs: 10_000 });
    },
    60_000,
  );
});

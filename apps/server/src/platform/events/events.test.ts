import { likesApi, postsApi } from '@inkwell/contracts';
import type { DomainEvent, DomainEventOf } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { likes, notifications } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { jobsSettled, waitFor } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanups.splice(0)) undo();
  vi.restoreAllMocks();
});

/** Records the events of `type` this test hears (beside the registry's own subscribers). */
function hear<K extends DomainEvent['type']>(type: K, run?: (event: DomainEventOf<K>) => unknown) {
  const heard: DomainEventOf<K>[] = [];
  cleanups.push(
    s.ctx.events.subscribe(type, async (event) => {
      heard.push(event);
      await run?.(event);
    }),
  );
  return heard;
}

/** An owner with an approved account and one post on it, and a reader. */
async function postAndReader() {
  const owner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id);
  const res = await s.call(postsApi.create, {
    token: owner.token,
    body: { account_id: account.id, type: 'status', content: 'Events, please' },
  });
  expect(res.status).toBe(201);
  const reader = await signedIn(s);
  return { owner, account, post: res.body.data as { id: number }, reader };
}

const like = (token: string, postId: number) =>
  s.call(likesApi.toggle, { token, body: { likeable_type: 'post', likeable_id: postId } });

const likeRow = (userId: number, postId: number) =>
  s.ctx.db
    .select()
    .from(likes)
    .where(and(eq(likes.user_id, userId), eq(likes.likeable_type, 'post'), eq(likes.likeable_id, postId)));

const likeNotes = (postId: number) =>
  s.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.post_id, postId), eq(notifications.type, 'like')));

describe('domain events after commit', () => {
  it('a subscriber runs after the commit, before the request answers, and sees the committed row', async () => {
    const { account, post, reader } = await postAndReader();
    // A read on the pool (another connection on PostgreSQL; PGlite's only one, free again) sees the like
    // only once the transaction committed.
    const seen: number[] = [];
    const heard = hear('post.liked', async (event) => {
      seen.push((await likeRow(event.actor_id, event.post_id)).length);
    });
    const res = await like(reader.token, post.id);
    expect(res.body).toEqual({ liked: true, likes_count: 1 });
    expect(heard).toEqual([
      {
        type: 'post.liked',
        actor_id: reader.user.id,
        account_id: account.id,
        post_id: post.id,
        // Given as the transaction wrote its events to the outbox.
        event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(seen).toEqual([1]);

    // Unliking is its own event; liking again is a new one.
    const unliked = hear('post.unliked');
    await like(reader.token, post.id);
    expect(unliked.map((e) => e.type)).toEqual(['post.unliked']);
  });

  it('a transaction whose COMMIT fails publishes nothing', async () => {
    const { post, reader } = await postAndReader();
    // A deferred constraint trigger refuses this reader's likes at COMMIT, after the service has published.
    await s.ctx.db.execute(
      sql.raw(`create or replace function refuse_like() returns trigger language plpgsql as $$
        begin
          if new.user_id = ${reader.user.id} then raise exception 'refused at commit'; end if;
          return null;
        end $$`),
    );
    await s.ctx.db.execute(
      sql.raw(`create constraint trigger refuse_like after insert on likes
        deferrable initially deferred for each row execute function refuse_like()`),
    );
    try {
      const heard = hear('post.liked');
      const res = await like(reader.token, post.id);
      expect(res.status).toBe(500);
      expect(heard).toEqual([]);
      expect(await likeRow(reader.user.id, post.id)).toEqual([]);
      await jobsSettled(s);
      expect(await likeNotes(post.id)).toEqual([]);
    } finally {
      await s.ctx.db.execute(sql.raw('drop trigger refuse_like on likes'));
      await s.ctx.db.execute(sql.raw('drop function refuse_like()'));
    }
  });

  it('a rolled-back transaction drops its events, a rolled-back savepoint only its own', async () => {
    const { account, post } = await postAndReader();
    const heard = hear('post.liked');
    const event = (actor: number): DomainEvent => ({
      type: 'post.liked',
      actor_id: actor,
      account_id: account.id,
      post_id: post.id,
    });

    await expect(
      s.ctx.transaction(async (tx) => {
        s.ctx.events.publish(tx, event(1));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      s.ctx.transaction(async (tx) => {
        s.ctx.events.publish(tx, event(2));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(heard).toEqual([]);

    await s.ctx.transaction(async (tx) => {
      s.ctx.events.publish(tx, event(3));
      await tx
        .transaction(async (savepoint) => {
          s.ctx.events.publish(savepoint, event(4));
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      await tx.transaction(async (savepoint) => {
        s.ctx.events.publish(savepoint, event(5));
      });
      // Nothing is heard while the transaction is open.
      expect(heard).toEqual([]);
    });
    expect(heard.map((e) => e.actor_id)).toEqual([3, 5]);
  });

  it('a subscriber that throws does not fail the request; it is logged and the others still run', async () => {
    const { owner, post, reader } = await postAndReader();
    const logged = vi.spyOn(s.ctx.log, 'error');
    hear('post.liked', () => {
      throw new Error('subscriber broke');
    });
    const res = await like(reader.token, post.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ liked: true, likes_count: 1 });
    expect(await likeRow(reader.user.id, post.id)).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'post.liked', err: expect.objectContaining({ message: 'subscriber broke' }) }),
      'event subscriber failed',
    );
    // The notifications subscriber, registered before it, still queued its job.
    await waitFor(async () => expect((await likeNotes(post.id)).map((n) => n.user_id)).toEqual([owner.user.id]));
  });

  it('an event published outside a transaction is heard once the caller yields', async () => {
    const { account, post } = await postAndReader();
    const heard = hear('post.deleted');
    s.ctx.events.publish(s.ctx.db, { type: 'post.deleted', actor_id: 1, account_id: account.id, post_id: post.id });
    expect(heard).toEqual([]);
    await s.ctx.events.drain();
    expect(heard).toHaveLength(1);
  });
});

import type { DomainEvent } from '@inkwell/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/connect';
import { createEventBus, type EventSubscribers } from './bus';

/**
 * A stand-in for drizzle's transaction semantics: the callback runs on a fresh transaction object whose own
 * `transaction` is a savepoint; the promise rejects when the callback throws or, with `failCommit`, when the
 * callback succeeded but COMMIT did not.
 */
function fakeDb(options: { failCommit?: boolean } = {}) {
  const makeTx = (): object => ({
    transaction: async (fn: (tx: object) => Promise<unknown>) => fn(makeTx()),
  });
  return {
    async transaction(fn: (tx: object) => Promise<unknown>) {
      const result = await fn(makeTx());
      if (options.failCommit) throw new Error('commit failed');
      return result;
    },
  } as unknown as Db;
}

const liked = (actor: number): DomainEvent => ({ type: 'post.liked', actor_id: actor, account_id: 1, post_id: 1 });

const empty = (): EventSubscribers => ({
  'media.progressed': [],
  'discovery.digest': [],
  'report.resolved': [],
  'user.blocked': [],
  'payment.paid': [],
  'payment.refunded': [],
  'payout.decided': [],
  'membership.started': [],
  'membership.ending': [],
  'membership.ended': [],
  'subscription.started': [],
  'subscription.ending': [],
  'subscription.ended': [],
  'notifications.created': [],
  'friend.requested': [],
  'friend.accepted': [],
  'chat.message_created': [],
  'post.created': [],
  'post.updated': [],
  'post.deleted': [],
  'post.rejected': [],
  'post.restored': [],
  'post.liked': [],
  'post.unliked': [],
  'comment.created': [],
  'comment.deleted': [],
  'comment.liked': [],
  'comment.unliked': [],
  'account.followed': [],
  'account.unfollowed': [],
  'account.created': [],
  'account.deleted': [],
  'account.approval_changed': [],
  'organization.approval_changed': [],
  'user.email_changed': [],
  'user.sessions_ended': [],
  'user.suspension_changed': [],
  'chat.member_left': [],
});

function setup(db = fakeDb()) {
  const log = { error: vi.fn() };
  const bus = createEventBus(log as unknown as FastifyBaseLogger);
  bus.attach(db);
  const heard: number[] = [];
  bus.register({ ...empty(), 'post.liked': [(e) => void heard.push(e.actor_id)] });
  return { bus, db, log, heard };
}

describe('event bus', () => {
  it('hands out a transaction’s events in order once it resolves, and before it resolves to the caller', async () => {
    const { bus, heard } = setup();
    const result = await bus.transaction(async (tx) => {
      bus.publish(tx, liked(1));
      bus.publish(tx, liked(2));
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual([1, 2]);
  });

  it('drops the events of a transaction that throws or whose commit fails', async () => {
    const { bus, heard } = setup();
    await expect(
      bus.transaction(async (tx) => {
        bus.publish(tx, liked(1));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const failing = setup(fakeDb({ failCommit: true }));
    await expect(
      failing.bus.transaction(async (tx) => {
        failing.bus.publish(tx, liked(2));
      }),
    ).rejects.toThrow('commit failed');
    expect(heard).toEqual([]);
    expect(failing.heard).toEqual([]);
  });

  it('keeps a released savepoint’s events and drops a rolled-back one’s, also nested', async () => {
    const { bus, heard } = setup();
    await bus.transaction(async (tx) => {
      bus.publish(tx, liked(1));
      await tx.transaction(async (sp) => {
        bus.publish(sp, liked(2));
        await sp
          .transaction(async (inner) => {
            bus.publish(inner, liked(3));
            throw new Error('inner rollback');
          })
          .catch(() => undefined);
      });
      await tx
        .transaction(async (sp) => {
          bus.publish(sp, liked(4));
          throw new Error('rollback');
        })
        .catch(() => undefined);
    });
    expect(heard).toEqual([1, 2]);
  });

  it('logs a throwing subscriber and still runs the next ones', async () => {
    const { bus, log, heard } = setup();
    const broken = new Error('broken');
    bus.register({
      ...empty(),
      'post.liked': [
        function explode() {
          throw broken;
        },
        async () => Promise.reject(broken),
        (e) => void heard.push(e.actor_id),
      ],
    });
    await expect(bus.transaction(async (tx) => bus.publish(tx, liked(7)))).resolves.toBeUndefined();
    expect(heard).toEqual([7]);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      { err: broken, event: 'post.liked', subscriber: 'explode' },
      'event subscriber failed',
    );
  });

  it('hands out an event published outside a transaction only after the caller yields', async () => {
    const { bus, db, heard } = setup();
    bus.publish(db, liked(1));
    expect(heard).toEqual([]);
    await bus.drain();
    expect(heard).toEqual([1]);
  });

  it('refuses a connection it does not know and an event outside the contract', async () => {
    const { bus } = setup();
    expect(() => bus.publish({} as Db, liked(1))).toThrow(/not attached/);
    expect(() => bus.publish(fakeDb(), { type: 'post.liked', actor_id: 0 } as unknown as DomainEvent)).toThrow();
  });

  it('extra subscribers come and go; a second bus on the same database takes over', async () => {
    const { bus, db, heard } = setup();
    const extra: number[] = [];
    const off = bus.subscribe('post.liked', (e) => void extra.push(e.actor_id));
    await bus.transaction(async (tx) => bus.publish(tx, liked(1)));
    off();
    await bus.transaction(async (tx) => bus.publish(tx, liked(2)));
    expect(extra).toEqual([1]);
    expect(heard).toEqual([1, 2]);

    const second = createEventBus({ error: vi.fn() } as unknown as FastifyBaseLogger);
    second.attach(db);
    const later: number[] = [];
    second.subscribe('post.liked', (e) => void later.push(e.actor_id));
    await second.transaction(async (tx) => second.publish(tx, liked(3)));
    expect(later).toEqual([3]);
    expect(heard).toEqual([1, 2]);
  });
});

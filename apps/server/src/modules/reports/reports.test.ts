import {
  auditApi,
  chatsApi,
  commentsApi,
  postsApi,
  reportsApi,
  usersApi,
  type CreateReportBody,
} from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, posts, users } from '../../db/schema';
import { createCreatorAccount, createUser } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { personWithPermissions } from '../../../test/policy-table';
import { waitFor } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Who = { token: string; user: { id: number } };

const report = (by: Who, body: CreateReportBody) => s.call(reportsApi.create, { token: by.token, body });

/** A creator with an approved account and one status on it. */
async function creatorWithPost(content = 'Morning market in Yangon') {
  const creator = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, creator.user.id, { approved: 'approved' });
  const post = await s.call(postsApi.create, {
    token: creator.token,
    body: { account_id: account.id, type: 'status', content },
  });
  expect(post.status).toBe(201);
  return { creator, account, post: post.body.data };
}

const notesOf = (userId: number, type: 'report_resolved' | 'moderation') =>
  s.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, type)));

describe('reporting', () => {
  it('one open report per target: the first reporter opens it, again updates it, another joins it', async () => {
    const { post } = await creatorWithPost();
    const [a, b] = [await signedIn(s), await signedIn(s)];
    const first = await report(a, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ id: expect.any(Number), status: 'open' });
    const again = await report(a, { target_type: 'post', target_id: post.id, reason: 'hate', comment: ' Really. ' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await report(b, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(other.status).toBe(201);
    expect(other.body.data.id).toBe(first.body.data.id);

    const admin = await signedIn(s, { role: 'admin' });
    const shown = await s.call(reportsApi.show, { token: admin.token, params: { id: first.body.data.id } });
    expect(shown.body.data.reporters_count).toBe(2);
    expect(shown.body.data.reasons).toEqual([
      { reason: 'hate', count: 1 },
      { reason: 'spam', count: 1 },
    ]);
    expect(shown.body.data.reporters.find((r) => r.reporter.id === a.user.id)).toMatchObject({
      reason: 'hate',
      comment: 'Really.',
    });
  });

  it('keeps the content as it was when first reported, after it is deleted', async () => {
    const { creator, post } = await creatorWithPost('Buy followers cheap at example.test');
    const reader = await signedIn(s);
    const { body } = await report(reader, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await s.call(postsApi.remove, { token: creator.token, params: { id: post.id } });
    const admin = await signedIn(s, { role: 'admin' });
    const shown = await s.call(reportsApi.show, { token: admin.token, params: { id: body.data.id } });
    expect(shown.body.data.target).toMatchObject({
      text: 'Buy followers cheap at example.test',
      author: { id: creator.user.id },
      url: `/posts/${encodeURIComponent(post.slug)}`,
    });
  });

  it('only what the reporter can see: hidden posts, their comments, pending accounts and inactive people are 404', async () => {
    const { creator, post, account } = await creatorWithPost();
    const reader = await signedIn(s);
    const comment = await s.call(commentsApi.create, {
      token: reader.token,
      body: { post_id: post.id, content: 'Nice!' },
    });
    const other = await signedIn(s);
    await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, post.id));
    expect((await report(other, { target_type: 'post', target_id: post.id, reason: 'spam' })).status).toBe(404);
    expect(
      (await report(other, { target_type: 'comment', target_id: comment.body.data.id, reason: 'spam' })).status,
    ).toBe(404);
    // The post's own people still see it (and may report a comment under it).
    expect(
      (await report(creator, { target_type: 'comment', target_id: comment.body.data.id, reason: 'harassment' })).status,
    ).toBe(201);

    const pending = await createCreatorAccount(s.ctx.db, creator.user.id, { approved: 'pending' });
    expect((await report(other, { target_type: 'account', target_id: pending.id, reason: 'spam' })).status).toBe(404);
    expect((await report(other, { target_type: 'account', target_id: account.id, reason: 'spam' })).status).toBe(201);

    const inactive = await createUser(s.ctx.db, { activated: false });
    expect((await report(other, { target_type: 'user', target_id: inactive.id, reason: 'spam' })).status).toBe(404);
    expect((await report(other, { target_type: 'user', target_id: 2_000_000_000, reason: 'spam' })).status).toBe(404);
    expect((await report(other, { target_type: 'user', target_id: reader.user.id, reason: 'spam' })).status).toBe(201);
  });

  it('a chat message only by the room’s people, with the room’s last 20 messages as evidence', async () => {
    const [a, b, outsider] = [await signedIn(s), await signedIn(s), await signedIn(s)];
    const room = await s.call(chatsApi.create, { token: a.token, body: { userIds: [b.user.id] } });
    const { roomId } = room.body;
    let last = 0;
    for (let i = 1; i <= 22; i++) {
      const sent = await s.call(chatsApi.send, {
        token: i % 2 ? b.token : a.token,
        params: { roomId },
        body: { message: `message ${i}` },
      });
      last = sent.body.data.id;
    }
    const target = { target_type: 'chat_message', target_id: last - 1, reason: 'harassment' } as const;
    expect((await report(outsider, target)).status).toBe(404);
    const made = await report(a, target);
    expect(made.status).toBe(201);
    const admin = await signedIn(s, { role: 'admin' });
    const shown = await s.call(reportsApi.show, { token: admin.token, params: { id: made.body.data.id } });
    const messages = shown.body.data.target.messages!;
    expect(messages).toHaveLength(20);
    expect(messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 3}`));
    expect(shown.body.data.target).toMatchObject({ text: 'message 21', author: { id: b.user.id }, url: null });
  });

  it('refuses my own things, bad input and guests, and stores nothing', async () => {
    const { creator, post } = await creatorWithPost();
    const own = await report(creator, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(own.status).toBe(422);
    expect(own.error.errors).toHaveProperty('target_id');
    const reader = await signedIn(s);
    const bad = [
      { target_type: 'post', target_id: post.id, reason: 'boring' },
      { target_type: 'video', target_id: post.id, reason: 'spam' },
      { target_type: 'post', target_id: 0, reason: 'spam' },
      { target_type: 'post', target_id: post.id, reason: 'spam', comment: 'x'.repeat(1001) },
    ];
    for (const body of bad) {
      const res = await s.call(reportsApi.create, { token: reader.token, body: body as CreateReportBody });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const guest = await s.call(reportsApi.create, {
      body: { target_type: 'post', target_id: post.id, reason: 'spam' },
    });
    expect(guest.status).toBe(401);
    const mine = await s.call(reportsApi.mine, { token: reader.token });
    expect(mine.body.data).toEqual([]);
  });
});

describe('the moderation queue', () => {
  it('is for reports.manage only', async () => {
    const reader = await signedIn(s);
    const lacking = await personWithPermissions(s, `no_reports_${Date.now().toString(36)}`, ['posts.moderate']);
    const moderator = await personWithPermissions(s, `reports_${Date.now().toString(36)}`, ['reports.manage']);
    for (const who of [reader, lacking]) {
      expect((await s.call(reportsApi.list, { token: who.token })).status).toBe(403);
      expect((await s.call(reportsApi.summary, { token: who.token })).status).toBe(403);
      expect((await s.call(reportsApi.show, { token: who.token, params: { id: 1 } })).status).toBe(403);
      const resolve = await s.call(reportsApi.resolve, {
        token: who.token,
        params: { id: 1 },
        body: { action: 'dismiss' },
      });
      expect(resolve.status).toBe(403);
    }
    expect((await s.call(reportsApi.list, { token: moderator.token })).status).toBe(200);
    expect((await s.call(reportsApi.list, {})).status).toBe(401);
  });

  it('lists open reports oldest first, with their count and oldest age', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const { post } = await creatorWithPost();
    const reader = await signedIn(s);
    const made = await report(reader, { target_type: 'post', target_id: post.id, reason: 'violence' });
    const list = await s.call(reportsApi.list, { token: admin.token, query: { per_page: 100 } });
    const ids = list.body.data.map((r) => r.id);
    expect(ids).toContain(made.body.data.id);
    const created = list.body.data.map((r) => r.created_at);
    expect(created).toEqual([...created].sort());
    const summary = await s.call(reportsApi.summary, { token: admin.token });
    expect(summary.body.data.open_count).toBe(list.body.meta.total);
    expect(summary.body.data.oldest_open_at).toBe(list.body.data[0]!.created_at);
    const posts = await s.call(reportsApi.list, { token: admin.token, query: { target_type: 'user' } });
    expect(posts.body.data.every((r) => r.target_type === 'user')).toBe(true);
  });

  it('dismiss: audited, the reporter hears it was reviewed, and a second decision is a 409', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const { post } = await creatorWithPost();
    const reader = await signedIn(s);
    const made = await report(reader, { target_type: 'post', target_id: post.id, reason: 'spam' });
    const id = made.body.data.id;
    const done = await s.call(reportsApi.resolve, { token: admin.token, params: { id }, body: { action: 'dismiss' } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'dismissed',
      action: 'dismiss',
      resolved_by: { id: admin.user.id },
    });
    const twice = await s.call(reportsApi.resolve, { token: admin.token, params: { id }, body: { action: 'remove' } });
    expect(twice.status).toBe(409);
    const audit = await s.call(auditApi.list, { token: admin.token, query: { subject_type: 'report' } });
    expect(audit.body.data.find((e) => e.subject_id === id)).toMatchObject({ action: 'reports.dismiss' });
    await waitFor(async () => expect(await notesOf(reader.user.id, 'report_resolved')).toHaveLength(1));
    const [note] = await notesOf(reader.user.id, 'report_resolved');
    expect(note!.body).toContain('found no rule broken');
    const mine = await s.call(reportsApi.mine, { token: reader.token });
    expect(mine.body.data[0]).toMatchObject({ id, status: 'dismissed', reason: 'spam', target_type: 'post' });
    // A new report of the same post opens a new case.
    const reopened = await report(reader, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(reopened.status).toBe(201);
    expect(reopened.body.data.id).not.toBe(id);
  });

  it('remove a post: rejected with the note (its author told), the reporter told it was dealt with', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const { creator, post } = await creatorWithPost();
    const reader = await signedIn(s);
    const { body } = await report(reader, { target_type: 'post', target_id: post.id, reason: 'hate' });
    const noNote = await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: body.data.id },
      body: { action: 'remove' },
    });
    expect(noNote.status).toBe(422);
    expect(noNote.error.errors).toHaveProperty('note');
    // Opening the queue is not enough to take content down.
    const queueOnly = await personWithPermissions(s, `queue_${Date.now().toString(36)}`, ['reports.manage']);
    const refused = await s.call(reportsApi.resolve, {
      token: queueOnly.token,
      params: { id: body.data.id },
      body: { action: 'remove', note: 'Hate speech' },
    });
    expect(refused.status).toBe(403);
    const [still] = await s.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(still!.status).toBe('published');

    const done = await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: body.data.id },
      body: { action: 'remove', note: 'Hate speech' },
    });
    expect(done.body.data).toMatchObject({ status: 'resolved', action: 'remove', note: 'Hate speech' });
    const [rejected] = await s.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(rejected).toMatchObject({ status: 'rejected', rejected_reason: 'Hate speech', visible: false });
    await waitFor(async () => expect(await notesOf(creator.user.id, 'moderation')).toHaveLength(1));
    await waitFor(async () => expect(await notesOf(reader.user.id, 'report_resolved')).toHaveLength(1));
    const [told] = await notesOf(reader.user.id, 'report_resolved');
    expect(told!.body).toContain('took action');
    expect(told!.body).not.toContain('Hate speech');
  });

  it('remove a comment: gone, and its author hears why', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const { post } = await creatorWithPost();
    const [writer, reader] = [await signedIn(s), await signedIn(s)];
    const comment = await s.call(commentsApi.create, {
      token: writer.token,
      body: { post_id: post.id, content: 'You are all idiots' },
    });
    const { body } = await report(reader, {
      target_type: 'comment',
      target_id: comment.body.data.id,
      reason: 'harassment',
    });
    const done = await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: body.data.id },
      body: { action: 'remove', note: 'Insults are not allowed' },
    });
    expect(done.status).toBe(200);
    const thread = await s.call(commentsApi.ofPost, { token: reader.token, params: { id: post.id } });
    expect(thread.body.data.map((c) => c.id)).not.toContain(comment.body.data.id);
    await waitFor(async () => expect(await notesOf(writer.user.id, 'moderation')).toHaveLength(1));
    const [told] = await notesOf(writer.user.id, 'moderation');
    expect(told!.body).toBe('A moderator removed your comment “You are all idiots”: Insults are not allowed');
  });

  it('suspend the author: their next request is refused; the queue shows their earlier reports', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const [troll, reader] = [await signedIn(s), await signedIn(s)];
    const { post } = await creatorWithPost();
    const comment = await s.call(commentsApi.create, {
      token: troll.token,
      body: { post_id: post.id, content: 'Go away' },
    });
    const earlier = await report(reader, { target_type: 'comment', target_id: comment.body.data.id, reason: 'spam' });
    await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: earlier.body.data.id },
      body: { action: 'dismiss' },
    });

    const { body } = await report(reader, { target_type: 'user', target_id: troll.user.id, reason: 'harassment' });
    const shown = await s.call(reportsApi.show, { token: admin.token, params: { id: body.data.id } });
    expect(shown.body.data.author_history).toEqual([
      expect.objectContaining({ id: earlier.body.data.id, target_type: 'comment', status: 'dismissed' }),
    ]);
    expect(shown.body.data.author_suspended).toBe(false);
    // A person is not "removed": suspended.
    const remove = await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: body.data.id },
      body: { action: 'remove', note: 'Harassment' },
    });
    expect(remove.status).toBe(422);
    // Suspending needs the users' suspension right (users.edit), not only the queue.
    const queueOnly = await personWithPermissions(s, `queue_s_${Date.now().toString(36)}`, ['reports.manage']);
    const refused = await s.call(reportsApi.resolve, {
      token: queueOnly.token,
      params: { id: body.data.id },
      body: { action: 'suspend_author' },
    });
    expect(refused.status).toBe(403);
    const done = await s.call(reportsApi.resolve, {
      token: admin.token,
      params: { id: body.data.id },
      body: { action: 'suspend_author' },
    });
    expect(done.body.data).toMatchObject({ status: 'resolved', action: 'suspend_author', author_suspended: true });
    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, troll.user.id));
    expect(row!.suspended_at).not.toBeNull();
    expect((await s.call(usersApi.me, { token: troll.token })).status).toBe(403);
  });
});

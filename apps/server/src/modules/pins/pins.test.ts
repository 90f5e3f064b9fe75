import { pinsApi, postsApi, safetyApi } from '@inkwell/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, accounts, posts } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf } from '../../../test/policy-table';

/* Pinned posts (issue 33): up to three published posts at the top of an account's page, in the order its people set. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

type Creator = Awaited<ReturnType<typeof withAccount>>;

const write = async (c: Creator, content: string) => {
  const res = await postAs(s, c, { account_id: c.account.id, type: 'status', content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const pin = (c: { token?: string }, accountId: number, post_ids: number[]) =>
  s.call(pinsApi.set, { token: c.token, params: { id: accountId }, body: { post_ids } });
const pinned = async (accountId: number, token?: string) => {
  const res = await s.call(pinsApi.ofAccount, { token, params: { id: accountId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((p) => p.id);
};

describe('pinned posts', () => {
  it('are set in order, reordered and unpinned, and read by anyone in that order', async () => {
    const c = await withAccount(s);
    const [a, b, d] = [await write(c, 'First'), await write(c, 'Second'), await write(c, 'Third')];
    expect(await pinned(c.account.id)).toEqual([]);

    const set = await pin(c, c.account.id, [b.id, a.id]);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.map((p) => [p.id, p.pin_position])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
    // A guest and a reader see them in the same order; the post itself says where it is pinned.
    const reader = await signedIn(s);
    expect(await pinned(c.account.id)).toEqual([b.id, a.id]);
    expect(await pinned(c.account.id, reader.token)).toEqual([b.id, a.id]);
    expect((await s.call(postsApi.bySlug, { params: { slug: a.slug } })).body.data.pin_position).toBe(2);

    // Reorder, with a third one.
    expect((await pin(c, c.account.id, [d.id, a.id, b.id])).body.data.map((p) => p.id)).toEqual([d.id, a.id, b.id]);
    expect(await pinned(c.account.id, reader.token)).toEqual([d.id, a.id, b.id]);
    // Fewer: the one left out is unpinned.
    expect((await pin(c, c.account.id, [a.id, d.id])).body.data.map((p) => p.id)).toEqual([a.id, d.id]);
    expect((await s.call(postsApi.bySlug, { params: { slug: b.slug } })).body.data.pin_position).toBeNull();

    // Deleting a pinned post takes its pin with it.
    expect((await s.call(postsApi.remove, { token: c.token, params: { id: a.id } })).status).toBe(204);
    expect(await pinned(c.account.id)).toEqual([d.id]);

    // Empty unpins all.
    const none = await pin(c, c.account.id, []);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(await pinned(c.account.id)).toEqual([]);
    const left = await s.ctx.db
      .select({ pin: posts.pin_position })
      .from(posts)
      .where(eq(posts.account_id, c.account.id));
    expect(left.every((p) => p.pin === null)).toBe(true);
  });

  it('refuses more than three, a post twice, another account’s post and an unpublished one (422, nothing changes)', async () => {
    const c = await withAccount(s);
    const other = await withAccount(s);
    const mine = [await write(c, 'One'), await write(c, 'Two'), await write(c, 'Three'), await write(c, 'Four')];
    const theirs = await write(other, 'Not yours');
    const draft = await write(c, 'To be a draft');
    await s.ctx.db.update(posts).set({ status: 'draft', visible: false }).where(eq(posts.id, draft.id));
    expect((await pin(c, c.account.id, [mine[0]!.id])).status).toBe(200);

    const tooMany = await pin(
      c,
      c.account.id,
      mine.map((p) => p.id),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.error.errors!.post_ids).toEqual(['You can pin at most 3 posts. Unpin one first.']);

    const twice = await pin(c, c.account.id, [mine[1]!.id, mine[1]!.id]);
    expect(twice.status).toBe(422);
    expect(twice.error.errors!.post_ids).toEqual(['Each post can be pinned only once.']);

    const foreign = await pin(c, c.account.id, [mine[1]!.id, theirs.id]);
    expect(foreign.status).toBe(422);
    expect(foreign.error.message).toBe('Only this account’s own posts can be pinned to its page.');
    expect(foreign.error.errors).toEqual({
      'post_ids.1': ['Only this account’s own posts can be pinned to its page.'],
    });

    const unpublished = await pin(c, c.account.id, [draft.id]);
    expect(unpublished.status).toBe(422);
    expect(unpublished.error.errors).toEqual({ 'post_ids.0': ['Only a published post can be pinned.'] });

    // Missing ids are refused the same way, in the reader's language.
    const missing = await s.call(pinsApi.set, {
      token: c.token,
      params: { id: c.account.id },
      body: { post_ids: [2_000_000_000] },
      lang: 'th',
    });
    expect(missing.status).toBe(422);
    expect(missing.error.errors!['post_ids.0']).toEqual(['ปักหมุดได้เฉพาะโพสต์ของบัญชีนี้บนหน้าของบัญชีเท่านั้น']);

    // Nothing changed: the one pin is still there, and the other account has none.
    expect(await pinned(c.account.id)).toEqual([mine[0]!.id]);
    expect(await pinned(other.account.id)).toEqual([]);
  });

  it('may be set only by the account’s people: guest 401, reader and other creators 403, administrators 403', async () => {
    const cast = await castOf(s);
    const owner = await withAccount(s);
    const post = await write(owner, 'Pin me');
    const editor = await signedIn(s);
    await s.ctx.db
      .insert(accountUsers)
      .values({ account_id: owner.account.id, user_id: editor.user.id, role: 'editor' });

    const tries = {
      guest: await pin({}, owner.account.id, [post.id]),
      reader: await pin(cast.people.reader, owner.account.id, [post.id]),
      other_owner: await pin(cast.people.other_owner, owner.account.id, [post.id]),
      admin: await pin(cast.people.admin, owner.account.id, [post.id]),
      root: await pin(cast.people.root, owner.account.id, [post.id]),
    };
    expect(Object.fromEntries(Object.entries(tries).map(([who, res]) => [who, res.status]))).toEqual({
      guest: 401,
      reader: 403,
      other_owner: 403,
      admin: 403,
      root: 403,
    });
    expect(tries.reader.error.message).toBe('Only the account’s people can pin its posts.');
    expect(await pinned(owner.account.id)).toEqual([]);

    // An editor posts as the account, so pins as it too.
    expect((await pin(editor, owner.account.id, [post.id])).status).toBe(200);
    expect(await pinned(owner.account.id)).toEqual([post.id]);

    // An account nobody may see (missing, or hidden from the reader): 404.
    expect((await pin(cast.people.reader, 2_000_000_000, [])).status).toBe(404);
    await s.ctx.db.update(accounts).set({ published_status: 'unpublished' }).where(eq(accounts.id, owner.account.id));
    await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.account_id, owner.account.id));
    expect((await pin(cast.people.reader, owner.account.id, [])).status).toBe(404);
  });

  it('are read as the account’s posts are: a hidden account answers 404 (but to its people), blocked people see none', async () => {
    const c = await withAccount(s);
    const [a, b] = [await write(c, 'Alpha'), await write(c, 'Beta')];
    expect((await pin(c, c.account.id, [a.id, b.id])).status).toBe(200);

    // A reader in a block with its owner sees no pins (nor does the owner see theirs in the other direction).
    const blocker = await signedIn(s);
    expect((await s.call(safetyApi.block, { token: blocker.token, params: { id: c.user.id } })).status).toBe(200);
    expect(await pinned(c.account.id, blocker.token)).toEqual([]);

    // Hidden: guests get 404, its people still see their pins.
    await s.ctx.db.update(accounts).set({ published_status: 'unpublished' }).where(eq(accounts.id, c.account.id));
    await s.ctx.db
      .update(posts)
      .set({ visible: false })
      .where(inArray(posts.id, [a.id, b.id]));
    expect((await s.call(pinsApi.ofAccount, { params: { id: c.account.id } })).status).toBe(404);
    expect(await pinned(c.account.id, c.token)).toEqual([a.id, b.id]);
    expect((await s.call(pinsApi.ofAccount, { params: { id: 2_000_000_000 } })).status).toBe(404);
  });
});

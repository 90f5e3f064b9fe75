import { commentsApi, membershipsApi, notificationsApi, postsApi, safetyApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { joinTier } from '../../../test/membership-helpers';
import { waitUntil } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

type Person = Awaited<ReturnType<typeof signedIn>>;
const mentions = async (who: Person) =>
  (await s.call(notificationsApi.list, { token: who.token })).body.data.filter((n) => n.type === 'mention');
/** Lets the jobs of what was just written run, then reads. */
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('@mentions', () => {
  it('link to the person or account and tell only those who may see the post, once', async () => {
    const c = await withAccount(s);
    const [aye, blocked, stranger] = [await signedIn(s), await signedIn(s), await signedIn(s)];
    const partner = await withAccount(s);
    await s.call(safetyApi.block, { token: blocked.token, params: { id: c.user.id } });
    const post = await postAs(s, c, {
      account_id: c.account.id,
      type: 'status',
      content: `Thanks @${aye.user.username} and @${blocked.user.username}, with @${partner.account.username} and @nobody_here`,
    });
    expect(post.status).toBe(201);
    // Names that name someone resolve; the rest stay text.
    expect(post.body.data.mentions).toEqual([
      { username: aye.user.username, kind: 'user', id: aye.user.id },
      { username: blocked.user.username, kind: 'user', id: blocked.user.id },
      { username: partner.account.username, kind: 'account', id: partner.account.id },
    ]);
    const told = await waitUntil(async () => ((await mentions(aye)).length === 1 ? mentions(aye) : undefined));
    expect(told![0]).toMatchObject({ url: `/posts/${post.body.data.slug}`, actor: { id: c.user.id } });
    // The account's owner hears it too; the one who blocked the writer does not; the writer is never told.
    await waitUntil(async () => ((await mentions(partner)).length === 1 ? true : undefined));
    await settle();
    expect(await mentions(blocked)).toEqual([]);
    expect(await mentions(c)).toEqual([]);

    // An edit that keeps the mention tells nobody again; one that adds a name tells that one.
    await s.call(postsApi.update, {
      token: c.token,
      params: { id: post.body.data.id },
      body: { content: `Thanks again @${aye.user.username} and @${stranger.user.username}` },
    });
    await waitUntil(async () => ((await mentions(stranger)).length === 1 ? true : undefined));
    await settle();
    expect(await mentions(aye)).toHaveLength(1);
  });

  it('on a members-only post tell members only; in a comment, whoever may read the post', async () => {
    const c = await withAccount(s);
    const [member, outsider] = [await signedIn(s), await signedIn(s)];
    const tier = (
      await s.call(membershipsApi.createTier, {
        token: c.token,
        params: { id: c.account.id },
        body: { name: 'Patron', monthly_price: 1000 },
      })
    ).body.data;
    await joinTier(s, member, tier.id);
    const locked = await postAs(s, c, {
      account_id: c.account.id,
      type: 'status',
      content: `For @${member.user.username} and @${outsider.user.username}`,
      min_tier_id: tier.id,
    });
    await waitUntil(async () => ((await mentions(member)).length === 1 ? true : undefined));
    await settle();
    expect(await mentions(outsider)).toEqual([]);
    // The outsider's view of the post is locked: its mentions are its members'.
    const asOutsider = await s.call(postsApi.bySlug, {
      token: outsider.token,
      params: { slug: locked.body.data.slug },
    });
    expect(asOutsider.body.data).toMatchObject({ locked: true, mentions: [] });

    const open = await postAs(s, c, { account_id: c.account.id, type: 'status', content: 'Open to all' });
    const comment = await s.call(commentsApi.create, {
      token: member.token,
      body: { post_id: open.body.data.id, content: `Look @${outsider.user.username}` },
    });
    expect(comment.body.data.mentions).toEqual([
      { username: outsider.user.username, kind: 'user', id: outsider.user.id },
    ]);
    const heard = await waitUntil(async () => {
      const list = await mentions(outsider);
      return list.length === 1 ? list : undefined;
    });
    expect(heard![0]!.url).toBe(`/posts/${open.body.data.slug}?comments=1`);
  });
});

import {
  followsApi,
  insightsApi,
  postsAdminApi,
  postsApi,
  searchApi,
  tagsApi,
  type CreatePostBody,
  type Post,
  publishingApi,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { preview, publishDue } from './publishing.service';
import { waitFor } from '../../../test/wait-for';
import { signedIn } from '../../../test/identity-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castAccount, castOf, WHO, type Cast, type Person, type Who } from '../../../test/policy-table';

/*
 * Drafts and scheduled posts (issue 33): seen by their account's people alone, on every read path; published
 * once, by a person or by the scheduler, and only then counted, fanned out and listed.
 */

let s: TestServer;
let cast: Cast;
let account: { id: number; username: string };
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  account = await castAccount(cast);
  // Everyone who can follows the account: a draft must stay out of their feeds too.
  for (const who of WHO) {
    const person = who === 'admin_lacking' || who === 'guest' ? undefined : cast.people[who];
    if (person) await s.call(followsApi.follow, { token: person.token, params: { id: account.id } });
  }
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const owner = () => cast.people.owner;
const word = () => `zq${Math.random().toString(36).slice(2, 10)}`;

async function save(body: Partial<CreatePostBody>, by: Person = owner()): Promise<Post> {
  const res = await s.call(postsApi.create, {
    token: by.token,
    body: { account_id: account.id, type: 'status', ...body } as CreatePostBody,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const counts = async () => {
  const [row] = await queryRows<{ account: number; visible: number; total: number }>(
    s.ctx.db,
    sql`select (select posts_count from accounts where id = ${account.id}) as account,
               (select coalesce((select value from counters where key = 'posts.visible'), 0))::int as visible,
               (select coalesce((select value from counters where key = 'total.posts'), 0))::int as total`,
  );
  return row!;
};

/** Every place a person could meet the post, and whether it is there. */
async function seenBy(person: Person, post: Post, tag: string): Promise<Record<string, boolean>> {
  const token = person.token;
  const has = (list: { id: number }[] | undefined) => Boolean(list?.some((p) => p.id === post.id));
  const [slug, pub, feed, ofAccount, search, tagged, mine, drafts, versions] = await Promise.all([
    s.call(postsApi.bySlug, { token, params: { slug: post.slug } }),
    s.call(postsApi.publicFeed, { token, query: {} }),
    token ? s.call(postsApi.feed, { token, query: {} }) : undefined,
    s.call(postsApi.ofAccount, { token, params: { id: account.id }, query: {} }),
    token ? s.call(searchApi.search, { token, query: { q: tag, type: 'posts' } }) : undefined,
    s.call(tagsApi.tag, { token, params: { tag }, query: {} }),
    token ? s.call(postsApi.mine, { token, query: {} }) : undefined,
    token ? s.call(publishingApi.drafts, { token, query: {} }) : undefined,
    s.call(publishingApi.versions, { token, params: { id: post.id } }),
  ]);
  return {
    page: slug.status === 200,
    public_feed: has(pub.body.data),
    feed: has(feed?.body.data),
    account: has(ofAccount.body.data),
    search: has(search?.body.data?.posts),
    tag: has(tagged.body.posts),
    my_posts: has(mine?.body.data),
    drafts: has(drafts?.body.data),
    versions: versions.status === 200,
  };
}

const hidden = {
  page: false,
  public_feed: false,
  feed: false,
  account: false,
  search: false,
  tag: false,
  my_posts: false,
  drafts: false,
  versions: false,
};

describe('a draft and a scheduled post are their account’s people’s alone', () => {
  it.each(['draft', 'scheduled'] as const)('%s: who sees it, on every read path', async (status) => {
    const tag = word();
    const before = await counts();
    const post = await save({
      content: `Not yet #${tag}`,
      status,
      ...(status === 'scheduled' ? { publish_at: new Date(Date.now() + 3_600_000).toISOString() } : {}),
    });
    expect(post.status).toBe(status);
    expect(await counts()).toEqual(before);

    const table: Partial<Record<Who, Record<string, boolean>>> = {};
    for (const who of WHO.filter((w) => w !== 'admin_lacking')) table[who] = await seenBy(cast.people[who], post, tag);
    // The account's people open it and find it among their drafts (not among their published posts); nobody
    // else meets it anywhere, an administrator included (it is unpublished work, not there to moderate).
    const theirs = { ...hidden, page: true, drafts: true, versions: true };
    expect(table).toEqual({
      guest: hidden,
      reader: hidden,
      member: theirs,
      owner: theirs,
      other_owner: hidden,
      admin: hidden,
      root: hidden,
    });
    const admin = await s.call(postsAdminApi.list, { token: cast.people.root.token, query: { q: tag } });
    expect(admin.body.data).toEqual([]);
    const totals = await s.call(insightsApi.total, { token: cast.people.root.token });
    expect(totals.body.data.posts).toBe(before.total);
    const sitemap = await s.request('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(JSON.stringify(sitemap)).not.toContain(post.slug);
  });

  it('an incomplete draft is kept; publishing asks what the type needs, then counts, lists and tags it once', async () => {
    const tag = word();
    const draft = await save({ type: 'photo', title: `Half done #${tag}`, status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', url: null });
    const incomplete = await s.call(publishingApi.publish, {
      token: owner().token,
      params: { id: draft.id },
      body: {},
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.error.errors!).sort()).toEqual(['content', 'url']);

    const note = await save({ content: `Ready #${tag}`, status: 'draft' });
    const before = await counts();
    const published = await s.call(publishingApi.publish, {
      token: cast.people.member.token,
      params: { id: note.id },
      body: {},
    });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(new Date(published.body.data.created_at).getTime()).toBeGreaterThan(new Date(note.created_at).getTime());
    expect(await counts()).toEqual({
      account: before.account + 1,
      visible: before.visible + 1,
      total: before.total + 1,
    });
    const seen = await seenBy(cast.people.reader, published.body.data, tag);
    expect(seen).toMatchObject({ page: true, public_feed: true, account: true, search: true, tag: true });
    // A second tap changes nothing.
    const again = await s.call(publishingApi.publish, { token: owner().token, params: { id: note.id }, body: {} });
    expect(again.status).toBe(409);
    expect(await counts()).toEqual({
      account: before.account + 1,
      visible: before.visible + 1,
      total: before.total + 1,
    });
  });

  it('who may NOT publish, schedule, unschedule or ask a preview link of a draft', async () => {
    const draft = await save({ content: 'Mine to publish', status: 'draft' });
    for (const who of ['guest', 'reader', 'other_owner', 'admin', 'root'] as const) {
      const token = cast.people[who].token;
      const expected = who === 'guest' ? 401 : 404;
      expect((await s.call(publishingApi.publish, { token, params: { id: draft.id }, body: {} })).status, who).toBe(
        expected,
      );
      expect((await s.call(publishingApi.unschedule, { token, params: { id: draft.id } })).status, who).toBe(expected);
      expect((await s.call(publishingApi.previewLink, { token, params: { id: draft.id } })).status, who).toBe(expected);
      expect(
        (await s.call(postsApi.update, { token, params: { id: draft.id }, body: { content: 'taken over' } })).status,
        who,
      ).toBe(expected);
    }
    const still = await s.call(postsApi.bySlug, { token: owner().token, params: { slug: draft.slug } });
    expect(still.body.data).toMatchObject({ status: 'draft', content: 'Mine to publish' });
  });

  it('schedules within a year in the future; reschedules; unschedules back to a draft', async () => {
    const past = await s.call(postsApi.create, {
      token: owner().token,
      body: {
        account_id: account.id,
        type: 'status',
        content: 'x',
        status: 'scheduled',
        publish_at: '2020-01-01T00:00:00Z',
      },
    });
    expect(past.status).toBe(422);
    expect(past.error.errors!.publish_at).toEqual(['Choose a time in the future.']);
    const missing = await s.call(postsApi.create, {
      token: owner().token,
      body: { account_id: account.id, type: 'status', content: 'x', status: 'scheduled' },
    });
    expect(missing.error.errors!.publish_at).toBeDefined();
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const tooFar = await s.call(postsApi.create, {
      token: owner().token,
      lang: 'my',
      body: { account_id: account.id, type: 'status', content: 'x', status: 'scheduled', publish_at: far },
    });
    expect(tooFar.error.errors!.publish_at![0]).toMatch(/[\u1000-\u109F]/);

    const draft = await save({ content: 'Later', status: 'draft' });
    const at = new Date(Date.now() + 7_200_000);
    const scheduled = await s.call(publishingApi.publish, {
      token: owner().token,
      params: { id: draft.id },
      body: { publish_at: at.toISOString() },
    });
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', publish_at: at.toISOString() });
    const later = new Date(at.getTime() + 3_600_000);
    const moved = await s.call(publishingApi.publish, {
      token: owner().token,
      params: { id: draft.id },
      body: { publish_at: later.toISOString() },
    });
    expect(moved.body.data.publish_at).toBe(later.toISOString());
    const back = await s.call(publishingApi.unschedule, { token: owner().token, params: { id: draft.id } });
    expect(back.body.data).toMatchObject({ status: 'draft', publish_at: null });
    expect((await s.call(publishingApi.unschedule, { token: owner().token, params: { id: draft.id } })).status).toBe(
      409,
    );
  });
});

describe('the scheduler', () => {
  it('publishes a post whose time has come exactly once, however many run it at once', async () => {
    const tag = word();
    const post = await save({
      content: `On time #${tag}`,
      status: 'scheduled',
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // A reader who follows now and reads: their stored feed is built (and the follow copies the account's posts
    // in) while the post waits for its time.
    const newcomer = await signedIn(s);
    await s.call(followsApi.follow, { token: newcomer.token, params: { id: account.id } });
    expect(
      (await s.call(postsApi.feed, { token: newcomer.token, query: {} })).body.data.map((p) => p.id),
    ).not.toContain(post.id);
    const before = await counts();
    // Not yet.
    expect(await publishDue(s.ctx, new Date())).toBe(0);
    const at = new Date(Date.now() + 120_000);
    const runs = await Promise.all([publishDue(s.ctx, at), publishDue(s.ctx, at), publishDue(s.ctx, at)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await counts()).toEqual({
      account: before.account + 1,
      visible: before.visible + 1,
      total: before.total + 1,
    });
    // Followers' stored feeds are written by a job after the commit (the fan-out): seen within seconds.
    await waitFor(async () =>
      expect(await seenBy(cast.people.reader, post, tag)).toMatchObject({ page: true, feed: true, public_feed: true }),
    );
    // Once, at the time it was published: the newcomer's stored feed, built while it was scheduled, did not keep it.
    const feed = await waitFor(async () => {
      const answer = await s.call(postsApi.feed, { token: newcomer.token, query: {} });
      expect(answer.body.data[0]!.id).toBe(post.id);
      return answer;
    });
    expect(feed.body.data.filter((p) => p.id === post.id)).toHaveLength(1);
  });
});

describe('the scheduler job', () => {
  it('runs every minute, and publishes a post whose time passed while nothing ran, once', async () => {
    const schedules = (await s.ctx.jobs.boss.getSchedules()) as { name: string; cron: string }[];
    expect(schedules.find((x) => x.name === 'posts.publish')?.cron).toBe('* * * * *');
    const post = await save({
      content: 'Due while the server was down',
      status: 'scheduled',
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    });
    // Its time passes with no scheduler running (the server stopped across it).
    await queryRows(s.ctx.db, sql`update posts set publish_at = now() - interval '10 minutes' where id = ${post.id}`);
    const before = await counts();
    await s.ctx.jobs.send('posts.publish', {});
    await waitFor(
      async () => {
        const res = await s.call(postsApi.bySlug, { params: { slug: post.slug } });
        expect(res.body.data?.status).toBe('published');
      },
      { timeoutMs: 15_000 },
    );
    await s.ctx.jobs.send('posts.publish', {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await counts()).toEqual({
      account: before.account + 1,
      visible: before.visible + 1,
      total: before.total + 1,
    });
  });
});

describe('preview links', () => {
  it('show the draft read-only until they expire; an altered link opens nothing', async () => {
    const draft = await save({ content: 'A first look', status: 'draft' });
    const link = (await s.call(publishingApi.previewLink, { token: owner().token, params: { id: draft.id } })).body
      .data;
    const token = link.url.split('/preview/')[1]!;
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const seen = await s.call(publishingApi.preview, { params: { token } });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      id: draft.id,
      content: 'A first look',
      can_modify: false,
      can_delete: false,
    });
    const [id, expires, signature] = token.split('.');
    // Widened: a later expiry, or another post's id, with the same signature.
    for (const forged of [
      `${id}.${Number(expires) + 86_400}.${signature}`,
      `${Number(id) - 1}.${expires}.${signature}`,
      'x',
      `${id}.${expires}.`,
    ]) {
      expect((await s.call(publishingApi.preview, { params: { token: forged } })).status, forged).toBe(404);
    }
    // Expired: the service's clock past the link's time.
    await expect(preview(s.ctx, token, (Number(expires) + 1) * 1000)).rejects.toMatchObject({ status: 404 });
    // Published: its own page now.
    await s.call(publishingApi.publish, { token: owner().token, params: { id: draft.id }, body: {} });
    expect((await s.call(publishingApi.preview, { params: { token } })).status).toBe(409);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  commentsApi,
  followsApi,
  membershipsApi,
  postsApi,
  searchApi,
  mediaApi,
  imageVariantUrl,
  type Tier,
} from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, posts } from '../../db/schema';
import { createCreatorAccount } from '../../seed/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { makePng } from '../../../test/media-fixtures';
import { uploadFile } from '../../../test/uploads';
import { joinTier } from '../../../test/membership-helpers';
import { waitUntil } from '../../../test/wait-for';

/*
 * The locked-post matrix: a members-only post (tier "Patron" and above) asked for by every kind of viewer through
 * every answer that carries posts. Whoever may not read it gets its title and teaser, never its body or media.
 */

const SECRET = 'the-members-secret-paragraph';
const MEDIA = '/storage/photos/members-secret.jpg';
const BODY = `Opening words for everyone who passes by the account page today\n\n${SECRET} and more`;

let s: TestServer;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.web-members-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>Inkwell</title></head><body></body></html>',
  );
  s = await startTestServer({ WEB_DIST: web });
}, 60_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

type Person = { token: string; user: { id: number } };

async function member(tier: Tier): Promise<Person> {
  const person = await signedIn(s);
  await joinTier(s, person, tier.id);
  return person;
}

describe('members-only posts', () => {
  it('answer locked to everyone a pass does not open, in every answer with posts, and whole to the rest', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id, { name: 'Mandalay Letters' });
    const tier = async (name: string, position: number) =>
      (
        await s.call(membershipsApi.createTier, {
          token: owner.token,
          params: { id: account.id },
          body: { name, monthly_price: 1000 * (position + 1), position },
        })
      ).body.data;
    const [friend, patron, sponsor] = [await tier('Friend', 0), await tier('Patron', 1), await tier('Sponsor', 2)];
    const created = await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'status', content: BODY, min_tier_id: patron.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ locked: false, min_tier: { id: patron.id, name: 'Patron' } });
    const post = created.body.data;
    // A photo's URL must not reach a locked answer either (set in the row: the test has no upload to attach).
    await s.ctx.db.update(posts).set({ url: MEDIA }).where(eq(posts.id, post.id));

    const editor = await signedIn(s);
    await s.ctx.db.insert(accountUsers).values({ account_id: account.id, user_id: editor.user.id, role: 'editor' });
    const viewers: Record<string, { person: Person | null; reads: boolean }> = {
      guest: { person: null, reads: false },
      reader: { person: await signedIn(s), reads: false },
      lower_tier: { person: await member(friend), reads: false },
      the_tier: { person: await member(patron), reads: true },
      higher_tier: { person: await member(sponsor), reads: true },
      editor: { person: editor, reads: true },
      owner: { person: owner, reads: true },
      admin: { person: await signedIn(s, { role: 'admin' }), reads: true },
    };
    for (const v of Object.values(viewers))
      if (v.person)
        await s.call(followsApi.follow, { token: v.person.token, params: { id: account.id } }).catch(() => undefined);

    let checked = 0;
    for (const [who, { person, reads }] of Object.entries(viewers)) {
      const token = person?.token;
      const answers: { where: string; body: unknown }[] = [];
      const slug = await s.call(postsApi.bySlug, { token, params: { slug: post.slug } });
      answers.push({ where: 'slug', body: slug.body });
      expect(slug.body.data.locked, `${who} slug`).toBe(!reads);
      const ofAccount = await s.call(postsApi.ofAccount, { token, params: { id: account.id } });
      answers.push({ where: 'account posts', body: ofAccount.body });
      expect(ofAccount.body.data.find((p) => p.id === post.id)?.locked, `${who} account posts`).toBe(!reads);
      const publicFeed = await s.call(postsApi.publicFeed, { token, query: { per_page: 100 } });
      answers.push({ where: 'public feed', body: publicFeed.body });
      expect(publicFeed.body.data.find((p) => p.id === post.id)?.locked, `${who} public feed`).toBe(!reads);
      if (person) {
        const feed = await waitUntil(async () => {
          const page = await s.call(postsApi.feed, { token });
          return page.body.data.some((p) => p.id === post.id) ? page : undefined;
        });
        answers.push({ where: 'feed', body: feed.body });
      }
      const found = await s.call(searchApi.search, { token, query: { q: 'Opening', type: 'posts' } });
      answers.push({ where: 'search', body: found.body });
      // Search (for those signed in) finds it by its words, unlocked, for those a pass or the account lets in;
      // the rest find it by its title only (it has none), locked (an administrator reads it by link).
      if (person)
        expect(found.body.data.posts.find((p) => p.id === post.id)?.locked, `${who} search`).toBe(
          reads && who !== 'admin' ? false : undefined,
        );
      if (person) {
        const wrote = await s.call(commentsApi.create, { token, body: { post_id: post.id, content: `From ${who}` } });
        expect(wrote.status, `${who} comment`).toBe(reads ? 201 : 403);
      }
      for (const answer of answers) {
        const text = JSON.stringify(answer.body);
        if (!reads) {
          expect(text, `${who}: ${answer.where}`).not.toContain(SECRET);
          expect(text, `${who}: ${answer.where}`).not.toContain(MEDIA);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(36);

    // What a shared link shows, and what crawlers are told.
    const page = await s.request<string>('GET', `/posts/${encodeURIComponent(post.slug)}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Opening words');
    expect(String(page.body)).not.toContain(SECRET);
    expect(String(page.body)).not.toContain(MEDIA);
    const sitemap = await s.request<string>('GET', '/sitemaps/posts-0.xml');
    expect(String(sitemap.body)).not.toContain(post.slug);

    // The lock stays through an edit that does not mention it, and goes when the owner makes it public.
    const edited = await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { content: `${BODY} (edited)` },
    });
    expect(edited.body.data.min_tier).toMatchObject({ id: patron.id });
    const reader = viewers.reader!.person!;
    expect((await s.call(postsApi.bySlug, { token: reader.token, params: { slug: post.slug } })).body.data.locked).toBe(
      true,
    );
    await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { content: BODY, min_tier_id: null },
    });
    expect((await s.call(postsApi.bySlug, { token: reader.token, params: { slug: post.slug } })).body.data.locked).toBe(
      false,
    );

    // A tier a post asks for is not deleted (it would open the post), even with no member; another account's tier
    // is refused.
    const unjoined = await tier('Collector', 3);
    await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'status', content: 'For collectors', min_tier_id: unjoined.id },
    });
    const kept = await s.call(membershipsApi.deleteTier, { token: owner.token, params: { id: unjoined.id } });
    expect(kept.status).toBe(409);
    await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { content: BODY, min_tier_id: sponsor.id },
    });
    expect((await s.call(membershipsApi.deleteTier, { token: owner.token, params: { id: sponsor.id } })).status).toBe(
      409,
    );
    const other = await signedIn(s);
    const otherAccount = await createCreatorAccount(s.ctx.db, other.user.id);
    const foreign = await s.call(postsApi.create, {
      token: other.token,
      body: { account_id: otherAccount.id, type: 'status', content: 'Mine', min_tier_id: patron.id },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.error.errors?.min_tier_id).toBeDefined();
  });

  it("a members-only photo is reached only by its readers' signed addresses; its plain URL answers 404 until it is public again", async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const tier = (
      await s.call(membershipsApi.createTier, {
        token: owner.token,
        params: { id: account.id },
        body: { name: 'Patron', monthly_price: 2000 },
      })
    ).body.data;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-locked-'));
    // Wide enough for a 480 px copy: the copies are locked with the photo.
    const png = await makePng(dir, 640, 480);
    const uploaded = await uploadFile(s, owner.token, mediaApi.uploadImage, png, {
      fields: { type: 'photos' },
      field: 'url',
    });
    const plain = (uploaded.body as { url: string }).url;
    const created = await s.call(postsApi.create, {
      token: owner.token,
      body: {
        account_id: account.id,
        type: 'photo',
        title: 'Harbour',
        content: 'Boats at dawn',
        url: plain,
        min_tier_id: tier.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body.data;
    // The owner is shown a signed address, never the plain one.
    expect(post.url).toMatch(/^\/api\/media\/locked\/[^?]+\?expires=\d+&signature=/);
    await waitUntil(async () => ((await s.request('GET', plain)).status === 404 ? true : undefined));
    const copy = imageVariantUrl(plain, 480);
    expect((await s.request('GET', copy)).status).toBe(404);

    const fan = await member(tier);
    const reader = await signedIn(s);
    const asFan = (await s.call(postsApi.bySlug, { token: fan.token, params: { slug: post.slug } })).body.data;
    const asReader = await waitUntil(async () => {
      const answer = (await s.call(postsApi.bySlug, { token: reader.token, params: { slug: post.slug } })).body.data;
      return answer.blurred_cover_url ? answer : undefined;
    });
    expect(asReader).toMatchObject({ url: null, locked: true, visibility: 'members' });
    expect(asFan).toMatchObject({ locked: false, visibility: 'members', blurred_cover_url: null });
    // The blurred cover is public, small, names no locked file, and stands for the photo in link previews.
    const blurred = asReader.blurred_cover_url!;
    expect(blurred).not.toContain(
      plain
        .split('/')
        .pop()!
        .replace(/\.webp$/, ''),
    );
    const blurredFile = await s.request<string>('GET', blurred);
    expect(blurredFile.status).toBe(200);
    expect(blurredFile.headers.get('content-type')).toBe('image/webp');
    // Found by its title, marked locked for the reader, open for the member.
    const hit = async (token: string) =>
      (await s.call(searchApi.search, { token, query: { q: 'Harbour', type: 'posts' } })).body.data.posts.find(
        (p) => p.id === post.id,
      );
    expect((await hit(reader.token))?.locked).toBe(true);
    expect((await hit(fan.token))?.locked).toBe(false);
    const preview = await s.request<string>('GET', `/posts/${post.slug}`);
    expect(/property="og:image" content="([^"]+)"/.exec(preview.body)?.[1]).toMatch(new RegExp(`${blurred}$`));
    const file = await s.request<string>('GET', asFan.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
    expect(file.headers.get('cache-control')).toMatch(/^private/);
    const part = await s.request('GET', asFan.url!, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-9\//);
    // Altered, expired or for another file: refused.
    const [base, query] = asFan.url!.split('?');
    const params = new URLSearchParams(query);
    const forged = `${base}?expires=${params.get('expires')}&signature=${'A'.repeat(params.get('signature')!.length)}`;
    expect((await s.request('GET', forged)).status).toBe(403);
    const later = `${base}?expires=${Number(params.get('expires')) + 3600}&signature=${params.get('signature')}`;
    expect((await s.request('GET', later)).status).toBe(403);
    expect((await s.request('GET', `${base}?expires=1000&signature=${params.get('signature')}`)).status).toBe(403);

    // The owner edits with what they were shown: the post keeps its plain URL, still locked.
    const edited = await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { title: 'Harbour at dawn', content: 'Boats', url: post.url },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await s.request('GET', plain)).status).toBe(404);
    // Made public: the plain URL works again.
    await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { title: 'Harbour at dawn', content: 'Boats', url: plain, min_tier_id: null },
    });
    await waitUntil(async () => ((await s.request('GET', plain)).status === 200 ? true : undefined));
    expect((await s.request('GET', copy)).status).toBe(200);
    const open = (await s.call(postsApi.bySlug, { token: reader.token, params: { slug: post.slug } })).body.data;
    expect(open).toMatchObject({ url: plain, locked: false, visibility: 'public', blurred_cover_url: null });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

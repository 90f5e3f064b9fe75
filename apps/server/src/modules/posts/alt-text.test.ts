import { IMAGE_ALT_MAX_LENGTH, membershipsApi, postsApi, type Post, type Tier } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { createMediaFile, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { joinTier } from '../../../test/membership-helpers';

/*
 * Alternative text (issue 33): every image a creator uploads carries a description, kept with the post, sent
 * wherever the image is, and never sent where the image is not (a locked post).
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Creator = Awaited<ReturnType<typeof withAccount>>;

const read = async (slug: string, token?: string): Promise<Post> =>
  (await s.call(postsApi.bySlug, { params: { slug }, token })).body.data;

async function publish(c: Creator, body: Record<string, unknown>) {
  return postAs(s, c, { account_id: c.account.id, ...body } as never);
}

describe('alt text on every image', () => {
  it('a gallery keeps each photo’s description; a photo, an article cover and an audio cover keep theirs', async () => {
    const c = await withAccount(s);
    const [a, b, cover, square] = await Promise.all(
      [1, 2, 3, 4].map(() => createMediaFile(s.ctx.db, c.user.id, 'image')),
    );
    const audio = await createMediaFile(s.ctx.db, c.user.id, 'audio');
    const gallery = await publish(c, {
      type: 'gallery',
      title: 'Market',
      photos: [
        { url: a!.url, caption: 'Fish', alt: '  Baskets of silver fish on a wet stone floor ' },
        { url: b!.url, caption: 'Tea' },
      ],
    });
    expect(gallery.status).toBe(201);
    expect((await read(gallery.body.data.slug)).photos).toEqual([
      { url: a!.url, caption: 'Fish', alt: 'Baskets of silver fish on a wet stone floor' },
      { url: b!.url, caption: 'Tea', alt: '' },
    ]);

    const photo = await publish(c, {
      type: 'photo',
      title: 'Dawn',
      content: 'Over the river',
      url: cover!.url,
      featured_photo_alt: 'ဧရာဝတီမြစ်ပေါ် နေထွက်ချိန်',
    });
    expect((await read(photo.body.data.slug)).featured_photo_alt).toBe('ဧရာဝတီမြစ်ပေါ် နေထွက်ချိန်');

    const article = await publish(c, {
      type: 'post',
      title: 'Tea shops',
      content: '<p>Words</p>',
      url: cover!.url,
      featured_photo_alt: 'Low stools around a table',
    });
    expect(article.body.data.featured_photo_alt).toBe('Low stools around a table');

    const song = await publish(c, {
      type: 'audio',
      title: 'Song',
      url: audio.url,
      featured_photo_url: square!.url,
      featured_photo_alt: 'A saung harp on a red cloth',
    });
    expect(song.body.data.featured_photo_alt).toBe('A saung harp on a red cloth');
  });

  it('a description with no image to describe is not kept; an empty one is none', async () => {
    const c = await withAccount(s);
    const status = await publish(c, { type: 'status', content: 'Hello', featured_photo_alt: 'A cat' });
    expect(status.status).toBe(201);
    expect(status.body.data.featured_photo_alt).toBeNull();
    const noCover = await publish(c, { type: 'post', title: 'T', content: '<p>x</p>', featured_photo_alt: 'A cat' });
    expect(noCover.body.data.featured_photo_alt).toBeNull();
    const cover = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const blank = await publish(c, {
      type: 'photo',
      title: 'T',
      content: 'x',
      url: cover.url,
      featured_photo_alt: '  ',
    });
    expect(blank.body.data.featured_photo_alt).toBeNull();
  });

  it('a description longer than the bound is refused, in the writer’s language, and nothing is written', async () => {
    const c = await withAccount(s);
    const cover = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const long = 'x'.repeat(IMAGE_ALT_MAX_LENGTH + 1);
    const res = await publish(c, { type: 'photo', title: 'T', content: 'x', url: cover.url, featured_photo_alt: long });
    expect(res.status).toBe(422);
    expect(res.error.errors!.featured_photo_alt).toBeDefined();
    const gallery = await publish(c, { type: 'gallery', photos: [{ url: cover.url, alt: long }] });
    expect(gallery.status).toBe(422);
    expect(Object.keys(gallery.error.errors!)).toEqual(['photos.0.alt']);
    const mine = await s.call(postsApi.mine, { token: c.token, query: {} });
    expect(mine.body.data).toEqual([]);
    const thai = await s.call(postsApi.create, {
      token: c.token,
      lang: 'th',
      body: {
        account_id: c.account.id,
        type: 'photo',
        title: 'T',
        content: 'x',
        url: cover.url,
        featured_photo_alt: long,
      },
    });
    expect(thai.status).toBe(422);
    expect(thai.error.errors!.featured_photo_alt![0]).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('an edit changes a description, and keeps it when the image stays', async () => {
    const c = await withAccount(s);
    const cover = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const made = (
      await publish(c, { type: 'photo', title: 'T', content: 'x', url: cover.url, featured_photo_alt: 'A boat' })
    ).body.data;
    const edited = await s.call(postsApi.update, {
      token: c.token,
      params: { id: made.id },
      body: { title: 'T', content: 'x', url: cover.url, featured_photo_alt: 'A fishing boat at dusk' },
    });
    expect(edited.status).toBe(200);
    expect((await read(made.slug)).featured_photo_alt).toBe('A fishing boat at dusk');
  });

  it('a members-only post’s descriptions reach its members, not a reader without the pass', async () => {
    const c = await withAccount(s);
    await subscribeToPlan(s.ctx.db, c.user.id, 'studio');
    const tier: Tier = (
      await s.call(membershipsApi.createTier, {
        token: c.token,
        params: { id: c.account.id },
        body: { name: 'Patron', monthly_price: 2000 },
      })
    ).body.data;
    const [fan, stranger] = await Promise.all([signedIn(s), signedIn(s)]);
    await joinTier(s, fan, tier.id);
    const photo = await createMediaFile(s.ctx.db, c.user.id, 'image');
    const made = await publish(c, {
      type: 'gallery',
      title: 'Backstage',
      photos: [{ url: photo.url, caption: '', alt: 'The band tuning before the show' }],
      min_tier_id: tier.id,
    });
    expect(made.status).toBe(201);
    const slug = made.body.data.slug;
    expect((await read(slug, fan.token)).photos[0]!.alt).toBe('The band tuning before the show');
    const locked = await read(slug, stranger.token);
    expect(locked.locked).toBe(true);
    expect(JSON.stringify(locked)).not.toContain('The band tuning');
  });
});

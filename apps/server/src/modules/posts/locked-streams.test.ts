import fs from 'node:fs';
import path from 'node:path';
import { mediaApi, membershipsApi, postsApi, type Post, type Tier } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import {
  fixturesDir,
  gatedFfmpeg,
  makeAudio,
  makePng,
  makeVideo,
  masterRenditions,
  playlistUris,
} from '../../../test/media-fixtures';
import { joinTier } from '../../../test/membership-helpers';
import { finish, settle, uploadFile } from '../../../test/uploads';
import { waitUntil } from '../../../test/wait-for';

/*
 * Members-only adaptive streams (issue 32): a locked video's playlists, segments and thumbnails, and a locked
 * audio's low-data copy, are reached only through signed addresses; the playlists name their files signed too.
 */

const dir = fixturesDir();
const gate = gatedFfmpeg(dir, '720p.m3u8');
let s: TestServer;
let gated: TestServer;

beforeAll(async () => {
  [s, gated] = await Promise.all([startTestServer(), startTestServer({ FFMPEG_PATH: gate.path })]);
}, 60_000);
afterAll(async () => {
  gate.open();
  await Promise.all([s?.close(), gated?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof signedIn>>;

/** A creator on the studio plan with a tier, and a member of it. */
async function creatorWithMember(server: TestServer) {
  const owner = await signedIn(server);
  const account = await createCreatorAccount(server.ctx.db, owner.user.id);
  await subscribeToPlan(server.ctx.db, owner.user.id, 'studio');
  const tier: Tier = (
    await server.call(membershipsApi.createTier, {
      token: owner.token,
      params: { id: account.id },
      body: { name: 'Patron', monthly_price: 2000 },
    })
  ).body.data;
  const fan = await signedIn(server);
  await joinTier(server, fan, tier.id);
  return { owner, account, tier, fan };
}

const SIGNED = /^\/api\/media\/locked\/[^?]+\?expires=(\d+)&signature=[\w-]+$/;

const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, server.url), { headers });

async function asViewer(server: TestServer, slug: string, viewer?: Person): Promise<Post> {
  return (await server.call(postsApi.bySlug, { token: viewer?.token, params: { slug } })).body.data;
}

/** Every file a member reaches from a signed master playlist: each playlist's text and each URI in it. */
async function walk(server: TestServer, masterUrl: string) {
  const master = await get(server, masterUrl);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toMatch(/mpegurl/);
  expect(master.headers.get('cache-control')).toMatch(/^private/);
  const masterText = await master.text();
  const playlists = await Promise.all(
    masterRenditions(masterText).map(async (r) => {
      const res = await get(server, r.uri);
      expect(res.status, r.uri).toBe(200);
      const text = await res.text();
      return { uri: r.uri, text, files: [...new Set(playlistUris(text))] };
    }),
  );
  return { masterText, playlists };
}

const publicFolderOf = (server: TestServer, key: string) => path.join(server.dataDir, 'uploads', path.dirname(key));

describe('members-only streams', () => {
  it('a locked video: no stream for readers; signed master, playlists, segments and thumbnails for members; nothing public', async () => {
    const { owner, account, tier, fan } = await creatorWithMember(s);
    const reader = await signedIn(s);
    const upload = await uploadFile(
      s,
      owner.token,
      mediaApi.uploadVideo,
      makeVideo(dir, 'locked.mp4', { size: '1280x720', seconds: 5 }),
    );
    const done = await finish(s, owner.token, upload.body.file);
    const created = await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'video', title: 'Backstage', url: done.url!, min_tier_id: tier.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const post = created.body.data;
    expect(post.hls_url).toMatch(SIGNED);
    expect(post.thumbnails_url).toMatch(SIGNED);
    expect(post.low_data_url).toBeNull();
    // The lock moves every file of the upload after the commit: none answers at its public address.
    const [row] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, upload.body.file));
    expect(row!.file_keys.length).toBeGreaterThanOrEqual(11);
    await waitUntil(async () => ((await get(s, done.hls_url!)).status === 404 ? true : undefined));
    for (const key of row!.file_keys) expect((await get(s, s.ctx.storage.url(key))).status, key).toBe(404);
    expect(
      fs.existsSync(publicFolderOf(s, row!.file_keys[0]!)) ? fs.readdirSync(publicFolderOf(s, row!.file_keys[0]!)) : [],
    ).toEqual([]);

    // Readers without the tier, and guests, get no address at all.
    for (const viewer of [reader, undefined]) {
      expect(await asViewer(s, post.slug, viewer)).toMatchObject({
        locked: true,
        url: null,
        hls_url: null,
        thumbnails_url: null,
        low_data_url: null,
      });
    }

    // The member walks the ladder by signed addresses only, all expiring with the master's.
    const asFan = await asViewer(s, post.slug, fan);
    const expires = SIGNED.exec(asFan.hls_url!)![1];
    const { masterText, playlists } = await walk(s, asFan.hls_url!);
    expect(
      masterRenditions(masterText)
        .map((r) => r.resolution)
        .sort(),
    ).toEqual(['1280x720', '256x144', '640x360']);
    for (const uri of masterRenditions(masterText).map((r) => r.uri)) expect(SIGNED.exec(uri)?.[1]).toBe(expires);
    for (const playlist of playlists) {
      expect(playlist.files).toHaveLength(1);
      const [file] = playlist.files as [string];
      expect(SIGNED.exec(file)?.[1]).toBe(expires);
      expect(playlist.text).toMatch(/#EXT-X-MAP:URI="\/api\/media\/locked\/[^"]+",BYTERANGE="\d+@0"/);
      const [, length, offset] = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(playlist.text)!;
      const segment = await get(s, file, { range: `bytes=${offset}-${Number(offset) + Number(length) - 1}` });
      expect(segment.status).toBe(206);
      expect(segment.headers.get('content-type')).toBe('video/mp4');
      expect((await segment.arrayBuffer()).byteLength).toBe(Number(length));
    }
    // The thumbnails' strip too.
    const vtt = await (await get(s, asFan.thumbnails_url!)).text();
    const strip = /^(\/api\/media\/locked\/\S+)#xywh=0,0,160,90$/m.exec(vtt)?.[1];
    expect(strip).toMatch(SIGNED);
    const image = await get(s, strip!);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    // Forged, altered, expired, or another file's signature: refused; so is the old plain address.
    const segmentUrl = playlists[0]!.files[0]!;
    const [base, query] = segmentUrl.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const signature = params.get('signature')!;
    expect((await get(s, `${base}?expires=${expires}&signature=${'A'.repeat(signature.length)}`)).status).toBe(403);
    expect((await get(s, `${base}?expires=${Number(expires) + 3600}&signature=${signature}`)).status).toBe(403);
    expect((await get(s, `${base}?expires=1000&signature=${signature}`)).status).toBe(403);
    const other = playlists[1]!.files[0]!.split('?')[0]!;
    expect((await get(s, `${other}?expires=${expires}&signature=${signature}`)).status).toBe(403);
    expect((await get(s, base)).status).toBeGreaterThanOrEqual(400);

    // Public again: every file is back at its plain address, and readers get them plain.
    await s.call(postsApi.update, {
      token: owner.token,
      params: { id: post.id },
      body: { title: 'Backstage', url: done.url!, min_tier_id: null },
    });
    await waitUntil(async () => ((await get(s, done.hls_url!)).status === 200 ? true : undefined));
    for (const key of row!.file_keys) expect((await get(s, s.ctx.storage.url(key))).status, key).toBe(200);
    expect(await asViewer(s, post.slug, reader)).toMatchObject({
      locked: false,
      hls_url: done.hls_url,
      thumbnails_url: done.thumbnails_url,
    });
  }, 120_000);

  it('a locked audio post: its low-data copy is signed for members, absent for readers, not public', async () => {
    const { owner, account, tier, fan } = await creatorWithMember(s);
    const photo = await uploadFile(s, owner.token, mediaApi.uploadImage, await makePng(dir, 600, 600), {
      fields: { type: 'squares' },
      field: 'url',
    });
    const upload = await uploadFile(s, owner.token, mediaApi.uploadAudio, makeAudio(dir, 'locked.mp3', 3));
    const done = await finish(s, owner.token, upload.body.file);
    const created = await s.call(postsApi.create, {
      token: owner.token,
      body: {
        account_id: account.id,
        type: 'audio',
        title: 'Episode 1',
        url: done.url!,
        featured_photo_url: (photo.body as { url: string }).url,
        min_tier_id: tier.id,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await waitUntil(async () => ((await get(s, done.low_data_url!)).status === 404 ? true : undefined));
    expect(await asViewer(s, created.body.data.slug)).toMatchObject({
      locked: true,
      low_data_url: null,
      hls_url: null,
    });
    const asFan = await asViewer(s, created.body.data.slug, fan);
    expect(asFan.low_data_url).toMatch(SIGNED);
    const low = await get(s, asFan.low_data_url!);
    expect([low.status, low.headers.get('content-type')]).toEqual([200, 'video/webm']);
  }, 60_000);

  it('renditions finished after the post was locked are kept private too, and listed in the signed master', async () => {
    const { owner, account, tier, fan } = await creatorWithMember(gated);
    const upload = await uploadFile(
      gated,
      owner.token,
      mediaApi.uploadVideo,
      makeVideo(dir, 'late.mp4', { size: '1280x720', seconds: 3 }),
    );
    // Playable with 144p and 360p while 720p waits at the gate: posted, members-only, at once.
    const early = await settle(gated, owner.token, upload.body.file);
    expect(early.progress).toBeLessThan(100);
    const created = await gated.call(postsApi.create, {
      token: owner.token,
      body: { account_id: account.id, type: 'video', title: 'Early', url: early.url!, min_tier_id: tier.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await waitUntil(async () => ((await get(gated, early.hls_url!)).status === 404 ? true : undefined));

    gate.open();
    await finish(gated, owner.token, upload.body.file);
    await gated.ctx.events.drain();
    const late = early.hls_url!.replace('master.m3u8', '720p');
    for (const url of [early.hls_url!, `${late}.m3u8`, `${late}.mp4`])
      expect((await get(gated, url)).status, url).toBe(404);
    const asFan = await asViewer(gated, created.body.data.slug, fan);
    const { masterText, playlists } = await walk(gated, asFan.hls_url!);
    expect(masterRenditions(masterText).map((r) => r.resolution)).toContain('1280x720');
    const top = playlists.find((p) => p.uri.includes('720p.m3u8'))!;
    expect((await get(gated, top.files[0]!, { range: 'bytes=0-99' })).status).toBe(206);
  }, 120_000);
});

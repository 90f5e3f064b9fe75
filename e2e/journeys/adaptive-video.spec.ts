import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, newCreator, snap } from '../support/app';
import { video } from '../support/media';

/*
 * A reader on a slow phone link opens a video: the player (hls.js) starts at the 144p rendition under an
 * emulated 400 kbps link and fetches a higher one once the link is widened. The reader pins 144p from the quality
 * menu and goes back to Auto, and the seek bar previews its thumbnails. Then the reader leaves and comes back:
 * playback resumes where they stopped.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a video starts at 144p on a 400 kbps link, switches up when the link widens, and resumes where it stopped', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const creator = await newCreator(baseURL!, 'River Filmmaker');
  // 360p source: the ladder is 144p and 360p; 90 s, so the player is still fetching when the link widens, and
  // the 30 s it keeps ahead at 144p has played well before the end.
  const clip = video('adaptive-90s.mp4', 90, '640x360', '700k');
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(clip)]), path.basename(clip));
  const uploaded = await fetch(`${baseURL}/api/upload/video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${creator.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(202);
  const { file } = (await uploaded.json()) as { file: string };
  let done: { status: string; progress: number; url: string | null; hls_url: string | null } | undefined;
  await expect
    .poll(
      async () => {
        done = await api(baseURL!, 'GET', `/upload/check?file=${file}`, undefined, creator.token);
        return done!.progress === 100 && done!.status === 'processed';
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
  expect(done!.hls_url).toMatch(/\.m3u8$/);
  const post = await api<{ data: { slug: string } }>(
    baseURL!,
    'POST',
    '/posts',
    { account_id: creator.account.id, type: 'video', title: 'Along the river', url: done!.url },
    creator.token,
  );

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const narrow = { offline: false, latency: 100, downloadThroughput: (400 * 1000) / 8, uploadThroughput: 50_000 };
  await cdp.send('Network.emulateNetworkConditions', narrow);
  const renditions: string[] = [];
  page.on('request', (r) => {
    const m = /\/(\d+p)[^/]*\.(?:mp4|m4s)$/.exec(new URL(r.url()).pathname);
    if (m) renditions.push(m[1]!);
  });

  await page.goto(`/posts/${encodeURIComponent(post.data.slug)}`);
  const player = page.getByRole('group', { name: 'Along the river' });
  await expect(player).toHaveAttribute('data-source', 'hls.js', { timeout: 30_000 });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player).toHaveAttribute('data-rendition', '144p', { timeout: 60_000 });
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 60_000 });
  expect(renditions.length).toBeGreaterThan(0);
  expect(new Set(renditions)).toEqual(new Set(['144p']));
  await snap(page, 'adaptive-video-144p');

  // The link widens: the player fetches the 360p rendition and plays it.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: (20 * 1000 * 1000) / 8,
    uploadThroughput: 1_000_000,
  });
  await expect(player).toHaveAttribute('data-loading-rendition', '360p', { timeout: 60_000 });
  await expect.poll(() => renditions.includes('360p')).toBe(true);
  await expect(player).toHaveAttribute('data-rendition', '360p', { timeout: 60_000 });
  await expect(player.getByTestId('video-quality')).toContainText('360p');

  // The reader pins 144p from the quality menu: its segments come at once, playback goes on; then back to Auto.
  await player.hover();
  renditions.length = 0;
  await player.getByRole('button', { name: /^Quality/ }).click();
  await expect(player.getByRole('menuitemradio', { name: 'Auto' })).toBeVisible();
  await snap(page, 'adaptive-video-quality-menu');
  await player.getByRole('menuitemradio', { name: '144p' }).click();
  await expect(player).toHaveAttribute('data-quality', '144');
  await expect.poll(() => renditions.includes('144p'), { timeout: 30_000 }).toBe(true);
  await player.getByRole('button', { name: /^Quality/ }).click();
  await player.getByRole('menuitemradio', { name: 'Auto' }).click();
  await expect(player).toHaveAttribute('data-quality', 'auto');

  // Hovering the seek bar previews the picture there: a cell of the thumbnails' strip, fetched on this first hover.
  const strip = page.waitForResponse((res) => /\/thumbnails\.jpg(\?|$)/.test(res.url()) && res.ok());
  await player.getByRole('slider', { name: 'Position' }).hover();
  await strip;
  const preview = player.getByTestId('seek-preview');
  await expect(preview).toBeVisible();
  await expect(preview.locator('[data-seek-cell]')).toHaveCSS('background-image', /^url\(/);
  await snap(page, 'adaptive-video-seek-preview');

  // The reader stops and comes back later on this phone: playback resumes where they were. (The controls fade
  // while a video plays: a move over the picture brings them back, as a reader's finger does.)
  await player.hover();
  await player.getByRole('button', { name: 'Pause' }).click();
  await snap(page, 'adaptive-video-360p');
  const stoppedAt = await player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(stoppedAt).toBeGreaterThan(3);
  await page.goto('/home');
  await page.goto(`/posts/${encodeURIComponent(post.data.slug)}`);
  await expect(player.getByText(/Resumes at/)).toBeVisible({ timeout: 30_000 });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(stoppedAt - 1);
});

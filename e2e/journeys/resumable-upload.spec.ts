import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, login, snap } from '../support/app';
import { video } from '../support/media';

/*
 * A creator on a poor mobile link: a 30-second video goes up in 1 MiB pieces over tus. The connection is
 * throttled, then dropped in the middle and brought back: the upload waits, goes on from where the server has it
 * and completes. Then a second upload is paused, the page reloaded, and choosing the same file again resumes it.
 */

const MB = 1024 * 1024;

async function chooseVideo(page: Page, file: string) {
  await page.goto('/compose');
  await page.locator('.mantine-Chip-label', { hasText: /^Video$/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a video' }).click();
  await (await chooser).setFiles(file);
}

/** The upload's progress bar value, 0–100. */
const progressOf = async (page: Page) =>
  Number((await page.getByRole('progressbar', { name: /Uploading/ }).getAttribute('aria-valuenow')) ?? 0);

test('a 30 s video uploads over a throttled link that drops, and resumes after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const clip = video('resumable-30s.mp4', 30, '640x360', '900k');
  const size = fs.statSync(clip).size;
  expect(size).toBeGreaterThan(2.5 * MB);

  await login(page, demo.maya, DEMO_PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // About 3G's upload speed: the file takes ten seconds or more.
  const slow = { offline: false, latency: 150, downloadThroughput: 400 * 1024, uploadThroughput: 200 * 1024 };
  await cdp.send('Network.emulateNetworkConditions', slow);

  const tusRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads/tus')) tusRequests.push(r.method());
  });

  await chooseVideo(page, clip);
  // Size, speed and time left while it goes.
  await expect(page.getByText(/of [23]\.\d MB/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/left/).first()).toBeVisible();
  await snap(page, 'resumable-uploading');
  await expect.poll(() => progressOf(page), { timeout: 60_000 }).toBeGreaterThan(20);

  // The connection drops mid-upload: the page says it waits, and nothing is lost.
  await cdp.send('Network.emulateNetworkConditions', { ...slow, offline: true });
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText(/Waiting for the connection/).first()).toBeVisible({ timeout: 30_000 });
  await snap(page, 'resumable-offline');
  const atDrop = await progressOf(page);
  await cdp.send('Network.emulateNetworkConditions', slow);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  // It goes on from the server's offset (a HEAD, then PATCHes), not from zero, and completes.
  await expect(page.getByText(/Processing/).first()).toBeVisible({ timeout: 120_000 });
  expect(tusRequests.filter((m) => m === 'POST')).toHaveLength(1);
  expect(tusRequests).toContain('HEAD');
  expect(atDrop).toBeGreaterThan(0);
  await expect(page.getByRole('group', { name: 'Video file' })).toBeVisible({ timeout: 120_000 });
  await snap(page, 'resumable-done');

  // A second file: paused part-way, the page reloaded, the same file chosen again resumes where it was.
  await cdp.send('Network.emulateNetworkConditions', slow);
  const second = video('resumable-30s-b.mp4', 30, '640x360', '850k');
  tusRequests.length = 0;
  await chooseVideo(page, second);
  await expect.poll(() => progressOf(page), { timeout: 60_000 }).toBeGreaterThan(30);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(/Paused at \d+%/).first()).toBeVisible();
  await page.reload();
  await cdp.send('Network.emulateNetworkConditions', { ...slow, uploadThroughput: 2 * MB });
  tusRequests.length = 0;
  await chooseVideo(page, second);
  await expect(page.getByText(/Resuming from \d+%/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Video file' })).toBeVisible({ timeout: 120_000 });
  // No new upload was created for it: the stored one was asked for its offset and finished.
  expect(tusRequests).not.toContain('POST');
  expect(tusRequests[0]).toBe('HEAD');
  await cdp.detach();
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { login, newActivatedUser, newCreator, snap, waitForLive } from '../support/app';

async function signedInPage(browser: Browser, who: { email: string; password: string }, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await login(page, who.email, who.password);
  return { context, page };
}

const notificationsEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Notifications/ });

test('a like reaches the creator live: toast and badge; the list opens it and reads it', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const creator = await newCreator(baseURL!, `Creator ${stamp}`);
  const reader = await newActivatedUser(baseURL!, `Reader ${stamp}`);
  const b = await signedInPage(browser, creator);
  const a = await signedInPage(browser, reader);
  await b.page.goto('/home');
  // The trial that made them a creator was news already.
  await expect(notificationsEntry(b.page)).toHaveText(/Notifications\s*1$/);
  await waitForLive(b.page);

  await a.page.goto(`/posts/${creator.post.slug}`);
  await a.page.getByRole('button', { name: /^Like \(0 likes\)/ }).click();

  // B, elsewhere in the app: the toast with the notification, then the badge at the count it carries.
  const toast = b.page.getByRole('alert').filter({ hasText: `${reader.name} liked your post` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`Hello from Creator ${stamp}`);
  // Below the header: its buttons stay in reach while the toast shows.
  const header = (await b.page.locator('header').first().boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(notificationsEntry(b.page)).toHaveText(/Notifications\s*2$/);
  await expect(toast).toBeHidden({ timeout: 5000 });

  await notificationsEntry(b.page).click();
  const row = b.page.getByRole('button', { name: new RegExp(`${reader.name} liked your post`) });
  await expect(row).toContainText('New');
  await snap(b.page, 'notifications');
  expect(await seriousViolations(b.page)).toEqual([]);
  await row.click();
  await expect(b.page).toHaveURL(new RegExp(`/posts/${creator.post.slug}$`));
  await expect(notificationsEntry(b.page)).toHaveText(/Notifications\s*1$/);

  // Turned off in the app, a like no longer shows; push stays on for it.
  await b.page.goto('/profile/notifications');
  const inApp = b.page.getByRole('switch', { name: 'Likes on my posts and comments: In the app' });
  await expect(inApp).toBeChecked();
  await inApp.focus();
  await b.page.keyboard.press('Space');
  await expect(inApp).not.toBeChecked();
  await expect(b.page.getByRole('switch', { name: 'Likes on my posts and comments: Push' })).toBeChecked();
  await snap(b.page, 'notification-settings');
  expect(await seriousViolations(b.page)).toEqual([]);

  await a.context.close();
  await b.context.close();
});

test('the Allow notification prompt shows on /home until dismissed; the service worker shows a push', async ({
  browser,
  baseURL,
}) => {
  const reader = await newActivatedUser(baseURL!, `Pusher ${Date.now().toString(36)}`);
  const { context, page } = await signedInPage(browser, reader, 390);
  await page.goto('/home');
  const prompt = page.getByRole('alert').filter({ hasText: 'Allow notifications' });
  await expect(prompt).toBeVisible();
  await snap(page, 'home-allow-prompt');
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('tab', { name: /Feed/ })).toBeVisible();
  await expect(prompt).toBeHidden();

  // The worker at /sw.js controls the app and turns a push into a notification.
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = {
    title: 'Aye Chan liked your post',
    body: 'Morning market in Yangon',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-72.png',
    tag: 'like-post-1',
    url: '/notifications',
  };
  const registrationId = await registration;
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('granted');
  // Under CI's load one push handed to the worker never showed (not reproduced here, cause unknown). A push
  // service delivers again when it is not acknowledged; so does this test, until the notification shows (one
  // tag: a second delivery replaces the first, never adds to it).
  await expect
    .poll(
      async () => {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseURL!,
          registrationId,
          data: JSON.stringify(push),
        });
        return page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          await new Promise((resolve) => setTimeout(resolve, 500));
          return (await reg.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data,
          }));
        });
      },
      { timeout: 20_000, intervals: [500, 1000, 2000] },
    )
    .toEqual([{ title: push.title, body: push.body, tag: push.tag, data: { url: '/notifications' } }]);
  await context.close();
});

/**
 * Chromium's own installability check (what Lighthouse's installable audit asked). Incognito profiles never
 * install, and every Playwright context is one, so this asks a browser with a profile on disk.
 */
async function expectInstallable(baseURL: string) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-install-'));
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

test('the app installs: manifest with icons, a worker, and an offline page instead of the browser’s error', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Inkwell', display: 'standalone', start_url: '/home' });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain(icon.type.split('+')[0]!);
  }
  expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expectInstallable(baseURL!);
  // A second page load is controlled by the worker; then the network goes.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.goto(`${baseURL}/a/never-visited-${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'အင်တာနက် မရှိပါ' })).toBeVisible();
  await snap(page, 'offline');
  await context.setOffline(false);
  await context.close();
});

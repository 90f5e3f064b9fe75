import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { seriousViolations } from '../support/a11y';
import { DEMO_PASSWORD, demo, login, newActivatedUser, snap } from '../support/app';

const manifestFile = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', '.vite', 'manifest.json');
const readManifest = () => JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;

/** The built app's chunk for a source file, from the build manifest (the file names carry content hashes). */
function builtFile(source: string): string {
  const entry = readManifest()[source];
  if (!entry) throw new Error(`${source} is not in the build manifest`);
  return `/${entry.file}`;
}

/** A shared chunk the bundler named after its first module (`Modal`: Mantine's dialog with its scroll lock). */
function sharedChunk(name: string): string {
  const entry = Object.values(readManifest()).find((e) => e.file.startsWith(`assets/${name}-`));
  if (!entry) throw new Error(`no ${name} chunk in the build manifest`);
  return `/${entry.file}`;
}

const messages = {
  en: builtFile('src/i18n/en.json'),
  my: builtFile('src/i18n/my.json'),
  th: builtFile('src/i18n/th.json'),
};
const BURMESE_FONT = /noto-sans-myanmar-[\w-]+\.woff2$/;
const THAI_FONT = /noto-sans-thai-[\w-]+\.woff2$/;

/** Every URL path the page asks for, in order. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** The fonts Chromium actually drew a node's text with (DevTools' "Rendered fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

test('switching language loads that language’s messages then, without a reload', async ({ page }) => {
  const requests = recordRequests(page);
  const blockedScripts: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blockedScripts.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
  // The screen came prerendered: the app has taken it over once it marks itself ready.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // An English visitor downloads the English messages only.
  expect(requests).toContain(messages.en);
  expect(requests).not.toContain(messages.my);
  expect(requests).not.toContain(messages.th);
  // The first-paint script in index.html ran (the policy allows it by its hash) and set the colour scheme.
  expect(blockedScripts).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', /^(light|dark)$/);

  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const beforeSwitch = requests.length;
  await page.getByRole('button', { name: 'Choose language' }).click();
  await page.getByRole('menuitem', { name: 'မြန်မာ' }).click();
  await expect(page.getByRole('heading', { name: 'Inkwell မှ ကြိုဆိုပါသည်' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  // The Burmese messages were asked for on the switch, not before, and the page was never reloaded.
  expect(requests.slice(beforeSwitch)).toContain(messages.my);
  expect(requests).not.toContain(messages.th);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(requests.slice(beforeSwitch).filter((p) => p === '/' || p.endsWith('.html'))).toEqual([]);

  // Back to English: already here, so nothing is fetched again.
  const beforeReturn = requests.length;
  await page.getByRole('button', { name: 'ဘာသာစကား ရွေးပါ' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
  expect(requests.slice(beforeReturn)).not.toContain(messages.en);
});

test('a Burmese page draws its text in Noto Sans Myanmar, fetched for it', async ({ page }) => {
  const requests = recordRequests(page);
  // A device that chose Burmese before: its first render is already Burmese (no English flash).
  await page.addInitScript(() => localStorage.setItem('inkwell.locale', 'my'));
  await page.goto('/');
  const heading = page.getByRole('heading', { name: 'Inkwell မှ ကြိုဆိုပါသည်' });
  await expect(heading).toBeVisible();
  expect(requests).toContain(messages.my);
  expect(requests).not.toContain(messages.en);

  const burmeseFace = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans Myanmar')
      .map((face) => face.status);
  });
  expect(burmeseFace).toContain('loaded');
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Myanmar"', 'ကြိုဆို'))).toBe(true);
  expect(await renderedFonts(page, 'h1')).toContain('Noto Sans Myanmar');
  expect(requests.some((p) => BURMESE_FONT.test(p))).toBe(true);
  // Only the Burmese subset, and no Thai.
  expect(requests.filter((p) => BURMESE_FONT.test(p)).every((p) => p.includes('-myanmar-400-'))).toBe(true);
  expect(requests.some((p) => THAI_FONT.test(p))).toBe(false);
  await snap(page, 'lean-welcome-my');
});

test('English pages download neither the Burmese nor the Thai font', async ({ page, baseURL }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Inkwell' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // A reader with nothing followed yet, on the Feed tab picked by hand (new people otherwise land on Public,
  // whose demo posts are Burmese and Thai): an English home page with no Burmese or Thai text on it.
  const reader = await newActivatedUser(baseURL!, 'Lean Reader');
  await page.goto('/home?tab=feed');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home\?tab=feed$/);
  await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  expect(requests.filter((p) => BURMESE_FONT.test(p) || THAI_FONT.test(p))).toEqual([]);
  // Inter is what English is drawn in.
  expect(await renderedFonts(page, '[role="tab"]')).toEqual([expect.stringMatching(/^Inter/)]);
});

test('a signed-in first visit asks for the page’s code and its data together', async ({ page, browser }) => {
  await login(page, demo.aye, DEMO_PASSWORD);
  // A new browser profile with this sign-in: nothing cached yet, as on a first visit. Without the render cookie
  // (a session from before it existed, or a page the server could not draw): the app draws the page itself.
  const signedIn = await page.context().storageState();
  const context = await browser.newContext({
    storageState: { ...signedIn, cookies: signedIn.cookies.filter((c) => c.name !== 'inkwell.render') },
  });
  const fresh = await context.newPage();
  const started = new Map<string, number>();
  const finished = new Map<string, number>();
  const sockets: string[] = [];
  fresh.on('websocket', (ws) => sockets.push(ws.url()));
  fresh.on('request', (r) => started.set(new URL(r.url()).pathname, Date.now()));
  fresh.on('requestfinished', (r) => finished.set(new URL(r.url()).pathname, Date.now()));
  const homeCode = builtFile('src/features/feed/FeedPage.tsx');
  // The home page's code is slow to come, as on mobile data; on loopback it would arrive before anything could
  // be asked, and the test would measure nothing.
  await fresh.route(`**${homeCode}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const feedAnswered = fresh.waitForResponse((r) => new URL(r.url()).pathname === '/api/feed');
  await fresh.goto('/home');
  await expect(fresh.getByRole('tab', { name: 'Feed' })).toBeVisible();
  await feedAnswered;
  // The feed and the session user were asked for before the home page's code had arrived, not after it ran.
  expect(started.get('/api/feed')).toBeLessThanOrEqual(finished.get(homeCode)!);
  expect(started.get('/api/user')).toBeLessThanOrEqual(finished.get(homeCode)!);
  // Its icons come in one file, not one request (and a round trip) per icon.
  const scripts = [...started.keys()].filter((p) => p.startsWith('/assets/') && p.endsWith('.js'));
  expect(scripts.filter((p) => /^\/assets\/icons-[\w-]+\.js$/.test(p))).toHaveLength(1);
  expect(scripts.filter((p) => /^\/assets\/Icon[A-Z]\w*-[\w-]+\.js$/.test(p))).toEqual([]);
  // Nor what the first screen does not use: the dialogs (with their scroll lock), the menus' positioning engine,
  // the live connection (after the first screen: here, the reader's first key).
  expect(scripts).not.toContain(sharedChunk('Modal'));
  expect(scripts).not.toContain(sharedChunk('floating-ui.react'));
  expect(sockets).toEqual([]);
  await fresh.keyboard.press('Shift');
  await expect.poll(() => sockets.length).toBe(1);
  await snap(fresh, 'lean-home');
  await context.close();
});

test('an account page asks for its banner with the account, before its code has come, and only once', async ({
  page,
  browser,
}) => {
  await login(page, demo.aye, DEMO_PASSWORD);
  // No service worker: with one, Playwright's routing below makes Chromium fetch the image again (without
  // routing it is fetched once, worker or not). No render cookie: the page the app draws itself (with it, the
  // banner comes with the document: the journey below).
  const signedIn = await page.context().storageState();
  const context = await browser.newContext({
    storageState: { ...signedIn, cookies: signedIn.cookies.filter((c) => c.name !== 'inkwell.render') },
    serviceWorkers: 'block',
  });
  const fresh = await context.newPage();
  const started = new Map<string, number>();
  const finished = new Map<string, number>();
  const banners: string[] = [];
  fresh.on('request', (r) => {
    const pathname = new URL(r.url()).pathname;
    started.set(pathname, Date.now());
    if (pathname.startsWith('/uploads/images/covers/')) banners.push(pathname);
  });
  fresh.on('requestfinished', (r) => finished.set(new URL(r.url()).pathname, Date.now()));
  const accountCode = builtFile('src/features/accounts/AccountPage.tsx');
  // Slow code, as on mobile data (see above); slower than above, as the banner waits for the account's answer.
  await fresh.route(`**${accountCode}`, async (route) => {
    await new Promise((r) => setTimeout(r, 3_000));
    await route.continue();
  });
  await fresh.goto('/a/yangon.stories');
  const banner = fresh.locator('img[fetchpriority="high"][src*="/images/covers/"]').first();
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Asked for before the page's code had arrived, so it downloads while the code does.
  expect(banners).toHaveLength(1);
  expect(started.get(banners[0]!)).toBeLessThanOrEqual(finished.get(accountCode)!);
  // The copy the page draws is the one fetched early: the <img> took it from the cache, asking nothing again.
  const drawn = await banner.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  expect(drawn).toBe(banners[0]);
  await context.close();
});

// These two fake a chunk's fate with a route. With the service worker running, a request it lets through to the
// network (the stale-build check's HEAD) can reach a route as a failed request instead (seen on a loaded CI
// machine: status -1, so the page never learned the file was gone); the app's own handling is what is tested here.
test.describe('a screen whose code does not come', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page open across a deploy reloads into the new build when the next screen’s code is gone', async ({
    page,
  }) => {
    await login(page, demo.aye, DEMO_PASSWORD);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The deploy: the Explore screen's chunk, as this page names it, is no longer on the server (it answers 404,
    // as the real server does for a missing built file) until a new page has loaded.
    const exploreCode = builtFile('src/features/accounts/ExplorePage.tsx');
    let gone = true;
    const asked: string[] = [];
    await page.context().route(`**${exploreCode}`, async (route) => {
      asked.push(route.request().method());
      if (!gone) return route.continue();
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"not_found"}' });
    });
    page.once('domcontentloaded', () => (gone = false));
    await page.evaluate(() => ((window as unknown as { beforeDeploy: boolean }).beforeDeploy = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    // (The reload boots the app again: longer than a screen change.)
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible({ timeout: 15_000 });
    // A new page (the reload), which asked whether the file was gone before reloading.
    expect(await page.evaluate(() => 'beforeDeploy' in window)).toBe(false);
    expect(asked).toContain('HEAD');
  });

  test('a screen whose code cannot come (the connection dropped) says so in the reader’s words, and tries again', async ({
    page,
  }) => {
    await login(page, demo.aye, DEMO_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    const exploreCode = builtFile('src/features/accounts/ExplorePage.tsx');
    await page.context().route(`**${exploreCode}`, (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    const failed = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'This screen could not load' }) });
    await expect(failed).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    // Not gone from the server, so the page stays (no reload), and its navigation with it.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'screen-failed');
    await page.context().unrouteAll();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible({ timeout: 15_000 });
  });
});

/**
 * A page the server draws for this visitor: with the app's code held back, `drawn` is on the page and the app is not
 * ready; `meanwhile` runs then (what a visitor does before the app has come); once the app is ready, `drawn` is the
 * very element the server drew (taken over, not drawn again).
 */
async function drawnThenTakenOver(page: Page, path: string, drawn: Locator, meanwhile?: () => Promise<unknown>) {
  const release = await holdTheApp(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-rendered-for', /^\d+$/);
  await expect(drawn).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  const node = await drawn.elementHandle();
  await meanwhile?.();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  expect(await node!.evaluate((element) => element.isConnected)).toBe(true);
}

/** Holds the app's entry script back until `release()`, as a slow connection would. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a signed-in reader’s home, account, post and chat pages arrive drawn for them, and the app takes them over without asking again', async ({
  page,
  browser,
}) => {
  await login(page, demo.aye, DEMO_PASSWORD);
  const signedIn = await page.context().storageState();
  // The cookie the server draws with goes only with those pages, never with another site's request.
  const renderCookies = signedIn.cookies.filter((c) => c.name === 'inkwell.render');
  expect(renderCookies.map((c) => [c.path, c.sameSite]).sort()).toEqual([
    ['/a', 'Strict'],
    ['/admin', 'Strict'],
    ['/chats', 'Strict'],
    ['/compose', 'Strict'],
    ['/explore', 'Strict'],
    ['/home', 'Strict'],
    ['/posts', 'Strict'],
  ]);
  // A phone in Yangon whose clock runs 11 days ahead of the server's: the page's "3d ago" is drawn as the server
  // said it, hydrates as such, and only then becomes what this phone would say (a date, in its own zone).
  const context = await browser.newContext({
    storageState: signedIn,
    serviceWorkers: 'block',
    timezoneId: 'Asia/Yangon',
  });
  await context.clock.install({ time: Date.now() + 11 * 24 * 3600_000 });
  const fresh = await context.newPage();
  const reads: string[] = [];
  fresh.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.method() === 'GET') reads.push(url.pathname);
  });
  const errors: string[] = [];
  fresh.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  const release = await holdTheApp(fresh);
  await fresh.goto('/home', { waitUntil: 'domcontentloaded' });
  // The posts of Aye's feed, and the shell, before any of the app's code has run.
  const firstPost = fresh.getByTestId('post-card').first();
  await expect(firstPost).toBeVisible();
  await expect(fresh.getByRole('tab', { name: 'Feed' })).toBeVisible();
  await expect(fresh.locator('html')).not.toHaveAttribute('data-app', 'ready');
  const card = await firstPost.elementHandle();
  const time = firstPost.locator('time').first();
  // Relative, as the app says it ("… ago", or "just now" for a post an earlier journey made a moment ago).
  await expect(time).toHaveText(/ ago$|^just now$/);
  // Styled as the app styles it: a card's title link is a 44 px target (its module's rule wins over Mantine's).
  const title = fresh.getByTestId('post-card').locator('h2 a').first();
  await expect(title).toHaveCSS('display', 'inline-flex');
  release();
  await expect(fresh.locator('html')).toHaveAttribute('data-app', 'ready');
  // Hydrated, not redrawn, and from the answers the page brought: the feed is not asked for again.
  await expect(time).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(title).toHaveCSS('display', 'inline-flex');
  expect(await card!.evaluate((node) => node.isConnected)).toBe(true);
  expect(reads.filter((p) => p === '/api/feed' || p === '/api/user')).toEqual([]);
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);
  await fresh.getByRole('tab', { name: 'Public' }).click();
  await expect(fresh.getByTestId('post-card').first()).toBeVisible();

  // The account page the same way, with its own name and banner.
  await fresh.goto('/a/yangon.stories', { waitUntil: 'domcontentloaded' });
  await expect(fresh.locator('html')).toHaveAttribute('data-rendered-for', /^\d+$/);
  await expect(fresh.getByRole('tab', { name: 'Notes' })).toBeVisible();
  await expect(fresh.locator('html')).toHaveAttribute('data-app', 'ready');
  // Aye's own account: the owner's action, and the banner drawn.
  await expect(fresh.getByText('Edit account')).toBeVisible();
  await expect(fresh.locator('img[src*="/images/covers/"]').first()).toBeVisible();
  await snap(fresh, 'rendered-account');

  // A post of that account the same way: the post and its comments in the document, taken over without a read.
  const postPath = await fresh.getByTestId('post-card').locator('h2 a').first().getAttribute('href');
  reads.length = 0;
  await drawnThenTakenOver(fresh, postPath!, fresh.getByRole('heading', { name: 'Comments', exact: true }));
  expect(reads.filter((p) => p.startsWith('/api/posts/slug/') || /^\/api\/posts\/\d+\/comments$/.test(p))).toEqual([]);
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);
  await snap(fresh, 'rendered-post');

  // The chat list the same way: rooms and friends in the document, taken over without a read.
  reads.length = 0;
  await drawnThenTakenOver(fresh, '/chats', fresh.getByRole('heading', { name: 'Friends', exact: true }));
  expect(reads.filter((p) => p === '/api/chats' || p.startsWith('/api/friends'))).toEqual([]);
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);
  await snap(fresh, 'rendered-chats');

  // Explore with its trending posts, their cover among them: every part inline where it stands (a part moved
  // into place by an inline script would be refused by the CSP, and the app would draw it all again).
  reads.length = 0;
  const trending = fresh.getByRole('region', { name: 'Trending posts' });
  await drawnThenTakenOver(fresh, '/explore', trending.getByTestId('post-card').first(), async () => {
    expect(await fresh.locator('#root template').count()).toBe(0);
  });
  expect(reads.filter((p) => p === '/api/explore/accounts' || p === '/api/discover/posts')).toEqual([]);
  await snap(fresh, 'rendered-explore');
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);

  // The composer too, with Aye's accounts: a type chosen before the app has taken the page over is the type the
  // app then shows (the tap is held and made again, not undone by the take-over).
  reads.length = 0;
  await drawnThenTakenOver(fresh, '/compose', fresh.getByLabel('Post as'), () =>
    fresh.locator('.mantine-Chip-label', { hasText: /^Article$/ }).click(),
  );
  await expect(fresh.getByRole('radio', { name: 'Article', exact: true })).toBeChecked();
  // The accounts to post as came with the page (the same path the composer asks: a wrong one would prove nothing).
  expect(reads.filter((p) => p === '/api/user/accounts')).toEqual([]);
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);

  // A screen that is not hers (the admin area) is not drawn: the plain page, and the app sends her on.
  const notHers = await fresh.request.get('/admin');
  expect(await notHers.text()).not.toContain('data-rendered-for="');
  await fresh.goto('/admin');
  await expect(fresh).toHaveURL(/\/accessDenied$/);

  // Signed out, the cookie goes too: the next visit is the plain page (and the sign-in screen).
  await fresh.goto('/login');
  await fresh.getByRole('button', { name: 'Logout' }).click();
  await expect(fresh.getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name === 'inkwell.render')).toEqual([]);
  const plain = await fresh.request.get('/home');
  expect(await plain.text()).not.toContain('data-rendered-for="');
  await context.close();
});

test('the admin dashboard arrives drawn for an administrator, and the app takes it over as it stands', async ({
  page,
}) => {
  // Signing in lands on the dashboard the app draws itself, which reads the counts: those reads are waited for,
  // or the last of them, still under way, is counted below as a read the drawn page made.
  const landed = ['total', 'posts/daily', 'posts/monthly'].map((path) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/insights/${path}`),
  );
  await login(page, ADMIN.email, ADMIN.password);
  await Promise.all(landed);
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/insights')) reads.push(url.pathname);
  });
  await drawnThenTakenOver(page, '/admin', page.getByRole('heading', { level: 2, name: /^Welcome, / }));
  // The counts came with the page: none asked for again.
  expect(reads).toEqual([]);
  expect(errors.filter((e) => /hydrat|Minified React error|Content Security Policy/i.test(e))).toEqual([]);
  await snap(page, 'rendered-admin');
});

test('the welcome and sign-in screens show their content before the app loads, in the browser’s language', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'my-MM' });
  const page = await context.newPage();
  const release = await holdTheApp(page);
  // Not up to `load`: the held script holds that event back too.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Burmese from the first byte: the server picked the prerendered copy by the browser's languages.
  await expect(page.getByRole('heading', { name: 'Inkwell မှ ကြိုဆိုပါသည်' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  const heading = await page.locator('h1').elementHandle();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // Hydrated, not redrawn: the very same heading element is still on the page.
  expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);
  await context.close();
});

test('what is typed and submitted on the sign-in screen before the app loads still signs in', async ({ page }) => {
  const release = await holdTheApp(page);
  const requests = recordRequests(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(demo.aye);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // The plain HTML form did not submit itself: no password in a URL, no page load.
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/login$/);
  expect(requests.filter((p) => p === '/login')).toHaveLength(1);
  release();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();
});

import path from 'node:path';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { ADMIN_SCREENS, seriousFindings, smallTargets, type Finding } from '../support/a11y';
import { DEMO_PASSWORD, api, demo, login } from '../support/app';

/**
 * Every screen state (user, guest and admin, dialogs and menus open): axe finds nothing serious or critical,
 * one h1, and on the user's screens every target is at least 44×44 px (exemptions in support/a11y.ts). English
 * at 390 and 1280 px (the two layouts: bottom bar and side bar); Burmese and Thai at 390, where their long words
 * press hardest (the markup and colours do not change with the language); the dark scheme at 1280. One signed-in
 * context per language; widths switch in place.
 */

const LOCALES = ['en', 'my', 'th'] as const;
const WIDTHS = [390, 1280] as const;
/**
 * `E2E_SHOTS=1` also saves each screen as the reader sees it (the first 900 px) under
 * artifacts/screenshots/screens/, every language at both widths: the pictures to look through after a change.
 */
const SHOTS = Boolean(process.env.E2E_SHOTS);
const shotsDir = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots', 'screens');

interface State {
  name: string;
  path: string;
  /** Opens a dialog or menu after the page has settled. */
  open?: (page: Page) => Promise<void>;
  /** Admin screens keep Mantine's compact sizes for dense tables: axe only. */
  admin?: boolean;
}

interface Ids {
  posts: Record<string, string>;
  studioPlan: number;
  paymentId: number;
  personId: number;
  roomId: string;
  organizationId: number;
  /** An open report (Maya's, about Somchai) for the moderation queue's detail screen. */
  reportId: number;
}

/** Requests the page is waiting on (media streams excluded: a player may keep one open). */
const inflight = new WeakMap<Page, Set<Request>>();

function track(page: Page) {
  const open = new Set<Request>();
  inflight.set(page, open);
  page.on('request', (r) => {
    if (r.resourceType() !== 'media' && r.resourceType() !== 'websocket') open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/** The page has painted what it loads: no request in flight for a moment, no spinner, no transition running. */
async function settle(page: Page) {
  const open = inflight.get(page)!;
  // A page that polls (a pending payment) never goes quiet for long: bounded, then the spinner check decides.
  for (let calm = 0, tries = 0; calm < 3 && tries < 160; tries++) {
    calm = open.size === 0 ? calm + 1 : 0;
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(
    () =>
      !document.querySelector('.mantine-Loader') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Client-side navigation (as a tapped link does): no reload of the app between screen states. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL(
    (url) => `${url.pathname}${url.search}` === new URL(path, url).pathname + new URL(path, url).search,
  );
}

async function openDialog(page: Page, trigger: ReturnType<Page['locator']>) {
  await trigger.click();
  await expect(page.getByRole('dialog').or(page.getByRole('menu')).first()).toBeVisible();
}

function guestStates(): State[] {
  return [
    { name: 'welcome', path: '/' },
    {
      name: 'welcome+language menu',
      path: '/',
      open: (page) => openDialog(page, page.locator('button[aria-haspopup=menu]').first()),
    },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'forgot password', path: '/forgot-password' },
    { name: 'reset password', path: '/reset-password?token=not-a-token&email=a%40b.test' },
    { name: 'activate (bad link)', path: '/activate?token=not-a-token' },
    { name: 'about (guest)', path: '/about' },
    { name: 'help (guest)', path: '/help' },
    { name: 'not found (guest)', path: '/404' },
    { name: 'language (guest)', path: '/settings/language' },
  ];
}

function userStates(ids: Ids): State[] {
  const post = (type: string) => `/posts/${encodeURIComponent(ids.posts[type]!)}`;
  return [
    { name: 'home feed', path: '/home' },
    { name: 'home public', path: '/home?tab=public' },
    {
      name: 'home post actions',
      path: '/home?tab=public',
      open: (page) => openDialog(page, page.locator('article button[aria-haspopup], article button').first()),
    },
    { name: 'explore', path: '/explore' },
    { name: 'search', path: '/search?q=maya' },
    { name: 'compose', path: '/compose' },
    { name: 'chats', path: '/chats' },
    { name: 'chat room', path: `/chats/${ids.roomId}` },
    { name: 'find', path: '/find' },
    { name: 'notifications', path: '/notifications' },
    { name: 'profile', path: '/profile' },
    { name: 'profile edit', path: '/profile/edit' },
    { name: 'password', path: '/profile/password' },
    { name: 'devices', path: '/profile/devices' },
    { name: 'notification settings', path: '/profile/notifications' },
    { name: 'plan', path: '/profile/plan' },
    {
      name: 'plan provider dialog',
      path: '/profile/plan',
      open: (page) => openDialog(page, page.getByRole('article').last().getByRole('button').first()),
    },
    { name: 'plan confirm', path: `/profile/plan/confirm?plan=${ids.studioPlan}&cycle=monthly&provider=wavepay` },
    { name: 'sandbox checkout', path: `/checkout/sandbox/${ids.paymentId}` },
    { name: 'plan purchased', path: `/profile/plan/purchased?payment=${ids.paymentId}` },
    { name: 'my organizations', path: '/profile/organizations' },
    { name: 'my accounts', path: '/profile/accounts' },
    {
      name: 'my accounts actions',
      path: '/profile/accounts',
      open: (page) => openDialog(page, page.getByRole('list').getByRole('button').first()),
    },
    { name: 'edit account', path: '/profile/accounts/maya.sketches/edit' },
    { name: 'insights', path: '/profile/accounts/maya.sketches/insights' },
    { name: 'my posts', path: '/profile/posts' },
    { name: 'edit post', path: `/profile/posts/${encodeURIComponent(ids.posts.status!)}` },
    { name: 'create', path: '/create' },
    { name: 'create organization', path: '/create/organization' },
    { name: 'create account', path: '/create/account' },
    { name: 'create review', path: '/create/review' },
    { name: 'own account page', path: '/a/maya.sketches' },
    { name: 'other account page', path: '/a/cm.eats' },
    ...Object.keys(ids.posts).map((type) => ({ name: `${type} post`, path: post(type) })),
    { name: 'comments dialog', path: `${post('status')}?comments=1` },
    { name: 'comments page', path: `${post('status')}/comments` },
    { name: 'person', path: `/u/${ids.personId}` },
    { name: 'settings', path: '/settings' },
    { name: 'language', path: '/settings/language' },
    { name: 'about', path: '/about' },
    { name: 'help', path: '/help' },
    { name: 'access denied', path: '/accessDenied' },
    { name: 'not found', path: '/404' },
  ];
}

const adminStates = (ids: Ids): State[] => [
  ...ADMIN_SCREENS.map((path) => ({ name: path, path, admin: true })),
  { name: '/admin/reports/:id', path: `/admin/reports/${ids.reportId}`, admin: true },
];

interface Row {
  locale: string;
  width: number;
  state: string;
  findings: Finding[];
  small: string[];
  h1: number;
}

async function fixtures(baseURL: string): Promise<Ids> {
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/login', {
    email: demo.maya,
    password: DEMO_PASSWORD,
    device_name: 'a11y-sweep',
  });
  const feed = await api<{ data: { type: string; slug: string; account: { username: string } }[] }>(
    baseURL,
    'GET',
    '/feed/public',
    undefined,
    token,
  );
  const posts: Record<string, string> = {};
  for (const p of feed.data) posts[p.type] ??= p.slug;
  const mine = await api<{ data: { type: string; slug: string }[] }>(baseURL, 'GET', '/user/posts', undefined, token);
  posts.status = mine.data.find((p) => p.type === 'status')!.slug;
  const plans = await api<{ data: { id: number; slug: string }[] }>(baseURL, 'GET', '/plans');
  const studioPlan = plans.data.find((p) => p.slug === 'studio')!.id;
  const paid = await api<{ data: { payment: { id: number } } }>(
    baseURL,
    'POST',
    '/subscribe',
    { plan_id: studioPlan, trial: false, billing_cycle: 'monthly', payment_provider: 'wavepay' },
    token,
  );
  const people = await api<{ data: { id: number; username: string }[] }>(
    baseURL,
    'GET',
    '/users?q=somchai',
    undefined,
    token,
  );
  const personId = people.data.find((u) => u.username === 'somchai')!.id;
  const room = await api<{ roomId: string }>(
    baseURL,
    'POST',
    '/chats',
    { userIds: [personId], isAccount: false },
    token,
  );
  const orgs = await api<{ data: { id: number }[] }>(baseURL, 'GET', '/user/organizations', undefined, token);
  // Again on a later test: the same open report answers.
  const report = await api<{ data: { id: number } }>(
    baseURL,
    'POST',
    '/reports',
    { target_type: 'user', target_id: personId, reason: 'spam', comment: 'Sends the same link to everyone' },
    token,
  );
  return {
    posts,
    studioPlan,
    paymentId: paid.data.payment.id,
    personId,
    roomId: String(room.roomId),
    organizationId: orgs.data[0]!.id,
    reportId: report.data.id,
  };
}

async function sweep(
  page: Page,
  locale: string,
  states: State[],
  rows: Row[],
  options: { targets: boolean; widths?: readonly number[]; scheme?: string },
) {
  track(page);
  if (page.url() === 'about:blank') await page.goto('/about');
  await page.evaluate((l) => localStorage.setItem('inkwell.locale', l), locale);
  // One load in the language; every later state is reached in the page.
  await page.goto(states[0]!.path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  for (const width of options.widths ?? WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const state of states) {
      await visit(page, state.path);
      await settle(page);
      if (state.open) {
        await state.open(page);
        await settle(page);
      }
      if (SHOTS) {
        const file = `${options.scheme ?? locale}-${width}-${state.name.replace(/\W+/g, '-')}.png`;
        await page.screenshot({ path: path.join(shotsDir, file) });
      }
      rows.push({
        locale: options.scheme ? `${locale}-${options.scheme}` : locale,
        width,
        state: state.name,
        findings: await seriousFindings(page),
        small: options.targets && !state.admin ? await smallTargets(page) : [],
        h1: await page.locator('h1').count(),
      });
      if (state.open) {
        // A menu in a layout outlives the screen change: closed, so it is not counted again on the next screen.
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog').or(page.getByRole('menu'))).toHaveCount(0);
      }
    }
  }
}

async function signedIn(browser: Browser, email: string, password: string, colorScheme?: 'dark') {
  const context = await browser.newContext(colorScheme ? { colorScheme } : {});
  const page = await context.newPage();
  await login(page, email, password);
  return { context, page };
}

/** A compact table: one line per rule and impact with its count and where, then the small targets. */
function report(rows: Row[]): string {
  const byRule = new Map<string, { count: number; where: Set<string> }>();
  for (const row of rows)
    for (const f of row.findings) {
      const key = `${f.rule} (${f.impact})`;
      const entry = byRule.get(key) ?? { count: 0, where: new Set() };
      entry.count += f.targets.length;
      entry.where.add(`${row.state}@${row.locale}/${row.width}`);
      byRule.set(key, entry);
    }
  const lines = [
    `screen states: ${rows.length}`,
    `states with serious/critical: ${rows.filter((r) => r.findings.length).length}`,
  ];
  lines.push('rule (impact) | nodes | states | e.g.');
  for (const [key, { count, where }] of [...byRule].sort((a, b) => b[1].count - a[1].count))
    lines.push(`${key} | ${count} | ${where.size} | ${[...where].slice(0, 4).join(', ')}`);
  const noH1 = rows.filter((r) => r.h1 !== 1);
  lines.push(
    `states without exactly one h1: ${noH1.length} ${[...new Set(noH1.map((r) => `${r.state}(${r.h1})`))].join(', ')}`,
  );
  const small = new Map<string, Set<string>>();
  for (const row of rows)
    for (const s of row.small) {
      const key = s.replace(/ \d+×\d+$/, '');
      const set = small.get(`${row.state}: ${key}`) ?? new Set();
      set.add(`${row.locale}/${row.width} ${s.match(/\d+×\d+$/)?.[0]}`);
      small.set(`${row.state}: ${key}`, set);
    }
  lines.push(`small targets: ${[...small].length}`);
  for (const [key, where] of small) lines.push(`  ${key} — ${[...where].slice(0, 3).join(', ')}`);
  for (const row of rows)
    for (const f of row.findings)
      lines.push(`  ${row.state}@${row.locale}/${row.width}: ${f.rule}: ${f.targets.slice(0, 5).join(', ')}`);
  return lines.join('\n');
}

test('every user and admin screen in the dark colour scheme at 1280 px: axe clean', async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const ids = await fixtures(baseURL!);
  const rows: Row[] = [];
  const guest = await browser.newContext({ colorScheme: 'dark' });
  await sweep(await guest.newPage(), 'en', guestStates(), rows, { targets: false, scheme: 'dark', widths: [1280] });
  await guest.close();
  const user = await signedIn(browser, demo.maya, DEMO_PASSWORD, 'dark');
  await draftAccount(user.page, ids.organizationId);
  await sweep(user.page, 'en', userStates(ids), rows, { targets: false, scheme: 'dark', widths: [1280] });
  await user.context.close();
  const admin = await signedIn(browser, ADMIN.email, ADMIN.password, 'dark');
  await sweep(admin.page, 'en', adminStates(ids), rows, { targets: false, scheme: 'dark', widths: [1280] });
  await admin.context.close();
  const table = report(rows);
  console.log(`\n[a11y en dark]\n${table}`);
  expect(
    rows.flatMap((r) => r.findings),
    table,
  ).toEqual([]);
});

for (const locale of LOCALES) {
  const widths = locale === 'en' || SHOTS ? WIDTHS : ([390] as const);
  test(`every screen in ${locale} at ${widths.join(' and ')} px: axe clean, one h1, targets of 44 px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const ids = await fixtures(baseURL!);
    const rows: Row[] = [];

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await sweep(guestPage, locale, guestStates(), rows, { targets: true, widths });
    await guest.close();

    const user = await signedIn(browser, demo.maya, DEMO_PASSWORD);
    await draftAccount(user.page, ids.organizationId);
    await sweep(user.page, locale, userStates(ids), rows, { targets: true, widths });
    await user.context.close();

    const admin = await signedIn(browser, ADMIN.email, ADMIN.password);
    await sweep(admin.page, locale, adminStates(ids), rows, { targets: false, widths });
    await admin.context.close();

    const table = report(rows);
    console.log(`\n[a11y ${locale}]\n${table}`);
    expect(
      rows.flatMap((r) => r.findings),
      table,
    ).toEqual([]);
    expect(
      rows.filter((r) => r.h1 !== 1).map((r) => `${r.state}@${r.width}`),
      table,
    ).toEqual([]);
    expect(
      rows.flatMap((r) => r.small),
      table,
    ).toEqual([]);
  });
}

/** The account being created waits in the tab's storage for the review step. */
async function draftAccount(page: Page, organizationId: number) {
  await page.evaluate((orgId) => {
    sessionStorage.setItem(
      'inkwell.create.account',
      JSON.stringify({
        organization_id: orgId,
        name: 'Maya Field Notes',
        username: 'maya.field.notes',
        description: 'Field notes and recordings.',
        terms: true,
      }),
    );
  }, organizationId);
}

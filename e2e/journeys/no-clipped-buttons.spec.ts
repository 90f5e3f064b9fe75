import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { api, newCreator } from '../support/app';

/**
 * At 390 px, in every language, no button's label is cut off: the text fits the button's box (nothing scrolls
 * inside it, the label's box stays within the button's) and no button runs past the screen's edge. A button's
 * label sits in its middle (links drawn as buttons too), a one-word label is never broken inside the word, and
 * the bottom bar's labels take one line at 11 px or more. In Burmese
 * and Thai, no screen-reader label (aria-label, title, alt) is left in English either.
 */
test.use({ viewport: { width: 390, height: 844 } });

type Messages = { [key: string]: string | Messages };
const flat = (m: Messages, prefix = ''): [string, string][] =>
  Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flat(v, `${prefix}${k}.`)));
const read = (file: string) =>
  new Map(flat(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src', file), 'utf8'))));

/** English messages that the other languages say differently (brand names read the same everywhere). */
function englishOnly(): Set<string> {
  const out = new Set<string>();
  for (const prefix of ['i18n/', 'admin/i18n/', 'admin/i18n/pages.']) {
    const en = read(`${prefix}en.json`);
    const my = read(`${prefix}my.json`);
    for (const [key, value] of en) if (my.get(key) !== value && !value.includes('{{')) out.add(value);
  }
  return out;
}
const ENGLISH = englishOnly();
/** Mantine's built-in English labels. */
const MANTINE_DEFAULTS = [
  /^Slides$/,
  /^Toggle password visibility$/,
  /^Carousel slide$/,
  /^Go to slide \d+$/,
  /^Scroll (left|right)$/,
];

type Clipped = { text: string; why: string };

async function clippedButtons(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const found: { text: string; why: string }[] = [];
    const inSideScroller = (el: HTMLElement) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && a.scrollWidth > a.clientWidth) return true;
      }
      return false;
    };
    const tolerance = 1;
    const candidates = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="tab"], a.mantine-Button-root, a.mantine-ActionIcon-root',
    );
    for (const el of candidates) {
      const box = el.getBoundingClientRect();
      // Not on screen (closed menus, visually hidden skip links are a pixel wide).
      if (box.width < 4 || box.height < 4) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const text = (el.innerText || '').trim().replace(/\s+/g, ' ');
      if (!text) continue; // an icon button: nothing to clip (its name is checked by axe)
      const why: string[] = [];
      if (el.scrollWidth > el.clientWidth + tolerance) why.push(`scrollWidth ${el.scrollWidth} > ${el.clientWidth}`);
      for (const inner of el.querySelectorAll<HTMLElement>('*')) {
        if (getComputedStyle(inner).overflowX === 'visible') continue;
        if (inner.scrollWidth > inner.clientWidth + tolerance)
          why.push(`inner scrollWidth ${inner.scrollWidth} > ${inner.clientWidth}`);
      }
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const line of range.getClientRects()) {
        if (line.width === 0) continue;
        if (line.left < box.left - tolerance || line.right > box.right + tolerance)
          why.push(
            `label ${Math.round(line.left)}–${Math.round(line.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`,
          );
      }
      // Cut by the screen's edge: partly outside it, in nothing that scrolls sideways (a scrolling tab list or
      // table is fine; so is a closed drawer parked wholly outside the screen).
      const width = document.documentElement.clientWidth;
      const crossesEdge =
        (box.left < -tolerance && box.right > tolerance) ||
        (box.left < width - tolerance && box.right > width + tolerance);
      if (crossesEdge && !inSideScroller(el))
        why.push(`runs off screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (el.matches('.mantine-Button-root')) {
        // The label's own text, line by line (icons and badges beside it are not the label).
        const lines: DOMRect[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const part = document.createRange();
          part.selectNodeContents(node);
          lines.push(...[...part.getClientRects()].filter((r) => r.width > 0));
        }
        if (lines.length > 0) {
          // The label sits in the middle of its button, a link button (`<a>`) as much as a `<button>`.
          const top = Math.min(...lines.map((r) => r.top));
          const bottom = Math.max(...lines.map((r) => r.bottom));
          const middle = box.top + el.clientTop + el.clientHeight / 2;
          const off = (top + bottom) / 2 - middle;
          if (Math.abs(off) > 2) why.push(`label ${off > 0 ? 'low' : 'high'} by ${Math.abs(off).toFixed(1)} px`);
          // A one-word label is never broken inside its word (Burmese and Thai have no spaces to break at).
          const words = [...new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' }).segment(text)];
          const rows = new Set(lines.map((r) => Math.round(r.top / 4))).size;
          if (words.filter((w) => w.isWordLike).length === 1 && rows > 1) why.push(`one word on ${rows} lines`);
        }
      }
      if (why.length > 0) found.push({ text, why: [...new Set(why)].join('; ') });
    }
    // The bottom bar's labels: one line each, at 11 px or more, in every language.
    for (const label of document.querySelectorAll<HTMLElement>('.mantine-AppShell-footer a p')) {
      if (label.getBoundingClientRect().width === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(label);
      const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const size = parseFloat(getComputedStyle(label).fontSize);
      const cell = label.closest('a')!.getBoundingClientRect();
      const text = label.innerText.trim();
      if (rows > 1) found.push({ text, why: `bottom-bar label on ${rows} lines` });
      if (size < 11) found.push({ text, why: `bottom-bar label at ${size} px` });
      const drawn = range.getBoundingClientRect();
      if (drawn.left < cell.left - tolerance || drawn.right > cell.right + tolerance)
        found.push({
          text,
          why: `bottom-bar label wider than its tab (${Math.round(drawn.width)} > ${Math.round(cell.width)})`,
        });
    }
    return found;
  });
}

const labelsOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [title], img[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'alt'].map((a) => el.getAttribute(a)).filter((v): v is string => Boolean(v)),
    ),
  );

/** Opens a screen, waits until it has settled, and collects its clipped buttons (and English labels) under its path. */
async function check(page: Page, where: string, problems: string[], ready?: () => Promise<void>) {
  if (where) await page.goto(where);
  await page.waitForLoadState('networkidle');
  if (ready) await ready();
  await page.evaluate(() => document.fonts.ready);
  const name = where || new URL(page.url()).pathname;
  for (const c of await clippedButtons(page)) problems.push(`${name}: "${c.text}" ${c.why}`);
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang === 'en') return;
  for (const label of await labelsOf(page)) {
    if (ENGLISH.has(label) || MANTINE_DEFAULTS.some((re) => re.test(label)))
      problems.push(`${name}: label left in English: "${label}"`);
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('input[type=password]').press('Enter');
  await expect(page).toHaveURL(/\/(home|admin)$/);
}

for (const locale of ['en', 'my', 'th'] as const) {
  test(`no button is clipped at 390 px in ${locale}`, async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const me = await newCreator(baseURL!, `Clip ${locale}`);
    const plans = await api<{ data: { id: number; slug: string }[] }>(baseURL!, 'GET', '/plans');
    const studio = plans.data.find((p) => p.slug === 'studio')!;
    const started = await api<{ data: { payment: { id: number } } }>(
      baseURL!,
      'POST',
      '/subscribe',
      { plan_id: studio.id, trial: false, billing_cycle: 'monthly', payment_provider: 'kbzpay' },
      me.token,
    );
    const organizations = await api<{ data: { id: number; username: string; name: string }[] }>(
      baseURL!,
      'GET',
      '/user/organizations',
      undefined,
      me.token,
    );
    const org = organizations.data[0]!;

    await page.addInitScript((l) => localStorage.setItem('inkwell.locale', l), locale);
    const problems: string[] = [];

    // Signed out.
    for (const path of ['/', '/login', '/register', '/forgot-password', '/activate']) await check(page, path, problems);

    await signIn(page, me.email, me.password);
    await check(page, '/home', problems);
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await check(page, '', problems);
    }
    await check(page, `/posts/${me.post.slug}`, problems);
    await check(page, `/a/${me.account.username}`, problems);
    await check(page, '/profile', problems);
    await check(page, '/profile/plan', problems);
    await check(page, `/profile/plan/confirm?plan=${studio.id}&cycle=monthly&provider=kbzpay`, problems);
    await check(page, `/checkout/sandbox/${started.data.payment.id}`, problems, async () => {
      await expect(page.locator('.mantine-Card-root button').first()).toBeVisible();
    });
    await check(page, '/compose', problems);
    await check(page, '/notifications', problems);
    await check(page, '/chats', problems);
    await check(page, '/explore', problems);
    await check(page, '/profile/accounts', problems);
    await check(page, '/create', problems);
    await check(page, '/create/organization', problems);
    await check(page, `/create/account?organization=${org.id}`, problems);
    await page.evaluate((draft) => sessionStorage.setItem('inkwell.create.account', JSON.stringify(draft)), {
      organization_id: org.id,
      name: 'ဗမာစာ ဓာတ်ပုံ နေ့စဉ်',
      username: `review_${locale}_${Date.now() % 100000}`,
      description: 'A photo a day.',
      terms: true,
    });
    await check(page, '/create/review', problems, async () => {
      await expect(page.locator('main button').last()).toBeVisible();
    });
    await check(page, '/settings', problems);
    await check(page, '/404', problems);

    // The admin dashboard, as an administrator in the same language.
    const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await admin.addInitScript((l) => localStorage.setItem('inkwell.locale', l), locale);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await check(admin, '/admin', problems, async () => {
      await expect(admin.getByTestId('admin-title')).toBeVisible();
    });
    await check(admin, '/admin/users', problems);
    await check(admin, '/admin/plans', problems);
    await admin.close();

    expect(problems).toEqual([]);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { DATA_SAVER_COOKIE, identityApi, postsApi, RENDER_COOKIE, usersApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAccount } from '../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { users } from '../db/schema';

let s: TestServer;
let root: string;

/**
 * A stand-in for the web build's server entry (the real one is the app itself, met in the e2e journeys): it
 * reads as the reader through the `read` it is given, waits a little (so concurrent renders overlap), and
 * draws what it read, as `renderSignedIn` in apps/web/src/prerender.tsx answers.
 */
const STAND_IN = `
export async function renderSignedIn(url, locale, user, read) {
  const me = await (await read('/api/user')).json();
  await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  const notifications = await read('/api/notifications');
  if (url.includes('fail')) throw new Error('the render failed');
  return {
    html: '<p>drawn for ' + me.data.username + ' at ' + url + ' in ' + locale + '</p>',
    state: { queries: [{ queryKey: ['me'], state: { data: me } }], notifications: notifications.status },
    userId: user.id,
    drawnAt: 1795000000000.5,
  };
}
`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.rendered-'));
  const web = path.join(root, 'dist');
  const ssr = path.join(root, 'dist-ssr');
  fs.mkdirSync(web);
  fs.mkdirSync(ssr);
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Inkwell</title></head><body><div id="root">plain</div></body></html>',
  );
  fs.writeFileSync(
    path.join(ssr, 'shell.html'),
    '<!doctype html><html data-shell-attributes><head><title>Inkwell</title></head><body><div id="root"><!-- shell content --></body></html>',
  );
  fs.writeFileSync(path.join(ssr, 'prerender.js'), STAND_IN);
  s = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = async (url: string, cookie?: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${s.url}${url}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return { res, html: await res.text() };
};
const renderCookie = (token: string) => `theme=dark; ${RENDER_COOKIE}=${token}`;
const state = (html: string) =>
  JSON.parse(/<script type="application\/json" id="rendered-state">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

describe('signed-in pages drawn by the server', () => {
  it('draws /home for the reader whose render cookie it is, and no one may keep it', async () => {
    const reader = await signedIn(s);
    const { res, html } = await page('/home?tab=feed', renderCookie(reader.token), { 'accept-language': 'th' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/);
    expect(html).toContain(
      `<html lang="th" data-prerendered="th" data-rendered-for="${reader.user.id}" data-drawn-at="1795000000000">`,
    );
    expect(html).toContain(`<p>drawn for ${reader.user.username} at /home?tab=feed in th</p>`);
    // The reads went through the API as the reader: their own user, their notifications (not a 401).
    expect(state(html).queries[0].state.data.data.id).toBe(reader.user.id);
    expect(state(html).notifications).toBe(200);
    // The token itself is nowhere in the page.
    expect(html).not.toContain(reader.token);
  });

  it('sends the plain page to a guest, a made-up cookie, a signed-out or suspended reader, and on a failed render', async () => {
    const plain = async (url: string, cookie?: string) => {
      const { res, html } = await page(url, cookie);
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root">plain</div>');
      expect(html).not.toContain('data-rendered-for');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    };
    await plain('/home');
    await plain('/home', renderCookie('x'.repeat(43)));
    // Not a token's shape (a quote, a very long value): not even looked up.
    await plain('/home', `${RENDER_COOKIE}=abc"def`);
    await plain('/home', renderCookie('a'.repeat(5000)));

    const signedOut = await signedIn(s);
    expect((await s.call(identityApi.logout, { token: signedOut.token })).status).toBe(204);
    await plain('/home', renderCookie(signedOut.token));

    const suspended = await signedIn(s);
    await s.ctx.db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, suspended.user.id));
    await plain('/home', renderCookie(suspended.token));

    const reader = await signedIn(s);
    await plain('/home?fail=1', renderCookie(reader.token));
  });

  it("sends the plain page to a reader saving data (their choice, else the browser's Save-Data), so the app draws the small copies", async () => {
    const reader = await signedIn(s);
    const drawn = (r: { html: string }) => r.html.includes('data-rendered-for');
    expect(drawn(await page('/home', `${renderCookie(reader.token)}; ${DATA_SAVER_COOKIE}=on`))).toBe(false);
    expect(drawn(await page('/home', renderCookie(reader.token), { 'save-data': 'on' }))).toBe(false);
    // The reader's own choice wins over the browser's header.
    expect(
      drawn(await page('/home', `${DATA_SAVER_COOKIE}=off; ${renderCookie(reader.token)}`, { 'save-data': 'on' })),
    ).toBe(true);
    expect(drawn(await page('/home', renderCookie(reader.token)))).toBe(true);
  });

  it('never lets the render cookie stand for the reader on the API', async () => {
    const reader = await signedIn(s);
    const cookie = { cookie: renderCookie(reader.token) };
    const me = await s.call(usersApi.me, { headers: cookie });
    expect(me.status).toBe(401);
    const posts = await s.call(postsApi.create, {
      headers: cookie,
      rawBody: { type: 'status', content: 'via the cookie' },
    });
    expect(posts.status).toBe(401);
  });

  it('keeps concurrent readers apart: each page holds its own reader only', async () => {
    const a = await signedIn(s);
    const b = await signedIn(s);
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? b : a)).map(async (reader) => ({
        reader,
        ...(await page('/home', renderCookie(reader.token))),
      })),
    );
    for (const { reader, html } of pages) {
      const other = reader === a ? b : a;
      expect(html).toContain(`data-rendered-for="${reader.user.id}"`);
      expect(html).toContain(`drawn for ${reader.user.username} `);
      expect(html).not.toContain(other.user.username);
      expect(state(html).queries[0].state.data.data.id).toBe(reader.user.id);
    }
  });

  it('carries the answers as inert JSON: nothing in them closes the script or opens a comment', async () => {
    const name = '</script><script>alert(1)</script><!-- \u2028';
    const reader = await signedIn(s, { name });
    const { html } = await page('/home', renderCookie(reader.token));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- \u2028');
    expect(state(html).queries[0].state.data.data.name).toBe(name);
  });

  it('draws an account page for a signed-in reader with its preview tags; a missing account stays a plain 404', async () => {
    const creator = await withAccount(s);
    const reader = await signedIn(s);
    const url = `/a/${creator.account.username}`;
    const { res, html } = await page(url, renderCookie(reader.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain(`drawn for ${reader.user.username} at ${url}`);
    expect(html).toContain(`(@${creator.account.username})`);

    const guest = await page(url);
    expect(guest.html).not.toContain('data-rendered-for');
    expect(guest.res.headers.get('cache-control')).toBe('no-cache');
    expect(guest.html).toContain(`(@${creator.account.username})`);

    const missing = await page('/a/nobody.here', renderCookie(reader.token));
    expect(missing.res.status).toBe(404);
    expect(missing.html).not.toContain('data-rendered-for');
  });

  it('draws the chat list, Explore, the composer and the admin dashboard for the reader whose render cookie it is; a guest and a chat room get the plain page', async () => {
    const reader = await signedIn(s);
    for (const screen of ['/chats', '/explore', '/compose', '/admin']) {
      const { res, html } = await page(screen, renderCookie(reader.token));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(html).toContain(`drawn for ${reader.user.username} at ${screen}`);
      expect(html).toContain(`data-rendered-for="${reader.user.id}"`);
      const guest = await page(screen);
      expect(guest.html).toContain('<div id="root">plain</div>');
    }

    // A room is not drawn by the server: the app opens it (and its live connection) itself.
    const room = await page('/chats/1', renderCookie(reader.token));
    expect(room.html).toContain('<div id="root">plain</div>');
  });

  it('draws a post page for a signed-in reader with its preview tags; a missing post stays a plain 404', async () => {
    const creator = await withAccount(s);
    const made = await s.call(postsApi.create, {
      token: creator.token,
      body: {
        type: 'post',
        account_id: creator.account.id,
        title: 'Tea shops of Yangon',
        content: '<p>Where to sit.</p>',
      },
    });
    expect(made.status).toBe(201);
    const reader = await signedIn(s);
    const url = `/posts/${encodeURIComponent(made.body.data.slug)}`;
    const { res, html } = await page(url, renderCookie(reader.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain(`drawn for ${reader.user.username} at ${url}`);
    expect(html).toContain('Tea shops of Yangon');

    const guest = await page(url);
    expect(guest.html).not.toContain('data-rendered-for');
    expect(guest.html).toContain('Tea shops of Yangon');

    const missing = await page('/posts/nothing-here-1', renderCookie(reader.token));
    expect(missing.res.status).toBe(404);
    expect(missing.html).not.toContain('data-rendered-for');
  });
});

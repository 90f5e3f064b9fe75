import { RENDER_COOKIE, RENDER_COOKIE_PATHS, storedSession, type SessionUser } from '@inkwell/contracts';
import type { Page } from 'puppeteer-core';
import { signInDemo } from './server';

/**
 * The app's main screens as the browser benches visit them (`lighthouse`, `web-size`), each as a first visit
 * would: a guest, a demo reader or the demo administrator, with nothing of the app cached.
 */

/** Kyaw Zin reads the demo's accounts (follows three of them): his /home has a feed, his /chats a friend. */
const READER = process.env.BENCH_EMAIL ?? 'kyawzin@demo.inkwell.local';
const ACCOUNT = process.env.BENCH_ACCOUNT ?? 'yangon.stories';
/** Aye Chan has an approved account to post as (a reader's /compose sends them to make one first). */
const CREATOR = process.env.BENCH_CREATOR_EMAIL ?? 'ayechan@demo.inkwell.local';
/**
 * The administrator a demo server made for the benches starts with (`DEMO_ADMIN_ENV`): the demo seed has no
 * administrator of its own, and the first start's root is the one ADMIN_EMAIL / ADMIN_PASSWORD name.
 */
const ADMIN = process.env.BENCH_ADMIN_EMAIL ?? 'admin@demo.inkwell.local';
export const DEMO_ADMIN_ENV = { ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: 'inkwell-demo-2026' };

export type Visitor = 'guest' | 'reader' | 'creator' | 'admin';
const EMAILS = { reader: READER, creator: CREATOR, admin: ADMIN };

export interface BenchPage {
  /** The path, or how to find it on the running server (a post page needs a post of the demo's). */
  path: string | ((base: string) => Promise<string>);
  as: Visitor;
}

/** A published article of the demo's (`BENCH_POST`: a slug of your choice), from the public feed. */
async function demoPost(base: string): Promise<string> {
  if (process.env.BENCH_POST) return `/posts/${process.env.BENCH_POST}`;
  const res = await fetch(`${base}/api/feed/public`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/api/feed/public answered ${res.status}`);
  const { data } = (await res.json()) as { data: { slug: string; type: string }[] };
  const post = data.find((p) => p.type === 'post') ?? data[0];
  if (!post) throw new Error('no published post to visit (is the demo seeded?)');
  return `/posts/${post.slug}`;
}

export const PAGES = {
  welcome: { path: '/', as: 'guest' },
  login: { path: '/login', as: 'guest' },
  home: { path: '/home', as: 'reader' },
  account: { path: `/a/${ACCOUNT}`, as: 'reader' },
  explore: { path: '/explore', as: 'reader' },
  chats: { path: '/chats', as: 'reader' },
  compose: { path: '/compose', as: 'creator' },
  post: { path: demoPost, as: 'reader' },
  admin: { path: '/admin', as: 'admin' },
} satisfies Record<string, BenchPage>;
export type PageName = keyof typeof PAGES;

/** The pages `BENCH_PAGES` names (comma-separated), or all of them. */
export function pickPages(): PageName[] {
  const names = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in PAGES));
  if (unknown.length)
    throw new Error(`BENCH_PAGES: unknown ${unknown.join(', ')} (pages: ${Object.keys(PAGES).join(', ')})`);
  return names as PageName[];
}

export const pagePath = (name: PageName, base: string): Promise<string> => {
  const { path } = PAGES[name] as BenchPage;
  return typeof path === 'string' ? Promise.resolve(path) : path(base);
};

/** The stored session (as the web app keeps it in local storage) of each kind of visitor the pages need. */
export async function sessionsFor(base: string, names: PageName[]): Promise<Partial<Record<Visitor, string>>> {
  const sessions: Partial<Record<Visitor, string>> = {};
  for (const as of new Set(names.map((n) => PAGES[n].as as Visitor))) {
    if (as === 'guest') continue;
    const { token, user } = await signInDemo(base, EMAILS[as]);
    sessions[as] = JSON.stringify(storedSession(token, user as unknown as SessionUser));
  }
  return sessions;
}

/**
 * Signs the browser in as the web app would be: its session in the origin's local storage, written from a small
 * JSON answer of the same origin so nothing of the app is cached or registered before the visit, and its render
 * cookie, as session.ts writes it (the server then sends /home and account pages with their content:
 * apps/server/src/platform/rendered.ts).
 */
export async function signIn(page: Page, base: string, session: string): Promise<void> {
  await page.goto(`${base}/healthz`);
  await page.evaluate(`localStorage.setItem('inkwell.session', ${JSON.stringify(session)})`);
  const token = (JSON.parse(session) as { token: string }).token;
  for (const path of RENDER_COOKIE_PATHS) {
    await page.evaluate(
      `document.cookie = ${JSON.stringify(`${RENDER_COOKIE}=${token}; path=${path}; samesite=strict`)}`,
    );
  }
}

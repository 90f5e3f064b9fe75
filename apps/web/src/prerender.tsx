import type { Locale, SessionUser } from '@inkwell/contracts';
import { dehydrate, skipToken, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setServerReads } from './api/client';
import { takeServerRedirect } from './components/Redirect';
import { Providers } from './app/Providers';
import { queryClient } from './app/queryClient';
import { routes } from './app/router';
import i18n, { loadLocale } from './i18n';
import { setDrawnAt } from './lib/drawnAt';
import { setServerSession } from './session/session';

/**
 * The markup of a screen as its first paint: the public screens (welcome, sign-in) as a visitor with no
 * session sees them, rendered at build time (prerender.ts) in each language; and the signed-in home, account
 * and post pages, rendered by the server per request (`renderSignedIn`). main.tsx hydrates either: the same elements
 * stay, nothing repaints.
 */
export async function render(url: string, locale: Locale): Promise<string> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  return markup(url);
}

async function markup(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${url} answered ${context.status}`);
  // What the route loaders started (app/prefetch.ts) is in the cache before the render.
  await settled();
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, where it stands: a large one (over React's 12,800 bytes) would otherwise come after
      // the rest with an inline script to move it into place, which the page's CSP refuses, and the app would
      // then find it unfinished and draw it again (Explore's sections, React error 419).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  // Buffers joined before decoding: a Burmese character may be split between two chunks.
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  // A screen that failed here would ship its loading fallback as the "content": the build fails instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerender: ${url} (${i18n.language}) failed to render`);
  return html;
}

/** A signed-in screen as the server rendered it, with the answers it was drawn from (for the app to keep). */
export interface SignedInRender {
  html: string;
  state: DehydratedState;
  userId: number;
  /** The server's clock as it drew (ms): the page's "5m ago" counts from it (components/RelativeTime.tsx). */
  drawnAt: number;
}

/** Renders wait in line (one at a time: the app's session, cache and language are one per process). */
let line: Promise<unknown> = Promise.resolve();
let waiting = 0;
/** More than this many waiting, a reader gets the plain page at once rather than wait behind the others. */
const MAX_WAITING = 8;
/** A screen whose reads reveal further reads (the account, then its posts) renders again: at most this often. */
const MAX_PASSES = 3;

/**
 * The signed-in reader's screen at `url`, drawn from their own answers: `read(url)` is the API as that reader
 * (the server adds their credentials; this code never sees them), `user` is who they are. Null when the
 * screen cannot be drawn now (too many renders waiting, a read failed): the server then sends the plain page.
 */
export function renderSignedIn(
  url: string,
  locale: Locale,
  user: SessionUser,
  read: (url: string) => Promise<Response>,
): Promise<SignedInRender | null> {
  if (waiting >= MAX_WAITING) return Promise.resolve(null);
  waiting += 1;
  const run = line.then(() => renderAlone(url, locale, user, read));
  line = run.catch(() => undefined);
  return run.finally(() => (waiting -= 1));
}

async function renderAlone(
  url: string,
  locale: Locale,
  user: SessionUser,
  read: (url: string) => Promise<Response>,
): Promise<SignedInRender | null> {
  queryClient.clear();
  setServerSession(user);
  setServerReads(read);
  const drawnAt = Date.now();
  setDrawnAt(drawnAt);
  try {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
    for (let pass = 1; ; pass += 1) {
      // The route loaders start the screen's reads; a render may ask for more, read before the next one.
      takeServerRedirect();
      const html = await markup(url);
      // A screen that sends this reader elsewhere (not theirs, no account yet): the app does it from the plain page.
      if (takeServerRedirect()) return null;
      const cache = queryClient.getQueryCache().getAll();
      if (cache.some((query) => query.state.status === 'error')) return null;
      const unread = cache.filter((query) => query.state.status === 'pending' && wanted(query));
      if (unread.length === 0) return { html, state: dehydrate(queryClient), userId: user.id, drawnAt };
      if (pass === MAX_PASSES) return null;
      await Promise.all(unread.map((query) => query.fetch().catch(() => undefined)));
    }
  } finally {
    await settled();
    setServerReads(null);
    setServerSession(null);
    setDrawnAt(null);
    queryClient.clear();
  }
}

/** A query the screen will run (not one it keeps off until something happens, `enabled: false`). */
function wanted(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return query.options.queryFn !== skipToken && (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** Until no read is under way across a turn of the event loop (a loader chains its second read on the first). */
async function settled(): Promise<void> {
  for (let turns = 0; turns < 50; turns += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (queryClient.isFetching() === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

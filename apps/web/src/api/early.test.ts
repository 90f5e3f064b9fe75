import { TOP_CURSOR } from '@inkwell/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountReads, homeReads, TOP_CURSOR_TEXT } from '../../earlyReads';
import { accountQuery } from '../features/accounts/queries';
import { accountPostsQuery, feedQuery } from '../features/posts/queries';
import { meQuery } from '../app/useSessionRefresh';
import { signIn, signOut } from '../session/session';
import { sessionUser } from '../test/fixtures';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const page = { data: [], meta: { per_page: 15, next_cursor: null } };
const account = { data: { id: 42, username: 'yangon.stories' } };

/** The URLs an index.html read statement starts, as landingPreloads.ts runs it. */
async function earlyUrls(statement: string, path: string, search = ''): Promise<string[]> {
  const urls: string[] = [];
  const get = (url: string) => {
    urls.push(url);
    return Promise.resolve(json(url.includes('/by-username/') ? account : page));
  };
  const match = /^\/a\/([^/]+)$/.exec(path) ?? [path];
  new Function('m', 'q', 'get', statement)(match, new URLSearchParams(search), get);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return urls;
}

/** The URLs the app's own queries ask for. */
function appUrls(): { urls: string[]; fetch: ReturnType<typeof vi.fn> } {
  const urls: string[] = [];
  const fetch = vi.fn((url: string) => {
    urls.push(url);
    return Promise.resolve(json(url.includes('/by-username/') ? account : url === '/api/user' ? {} : page));
  });
  vi.stubGlobal('fetch', fetch);
  return { urls, fetch };
}

describe('first reads started by index.html', () => {
  beforeEach(() => signIn('token-1', sessionUser()));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__inkwellEarly;
    signOut();
  });

  it('spell the contracts’ top cursor', () => {
    expect(TOP_CURSOR_TEXT).toBe(TOP_CURSOR);
  });

  it.each([
    ['the followed feed', '', 'feed'],
    ['the public feed', 'tab=public', 'public'],
  ] as const)('on /home ask for exactly what the home screen asks for: %s', async (_, search, kind) => {
    const early = await earlyUrls(homeReads, '/home', search);
    const app = appUrls();
    const client = new QueryClient();
    await client.fetchQuery(meQuery('token-1'));
    await client.fetchInfiniteQuery(feedQuery(kind));
    expect(early).toEqual(app.urls);
  });

  it('on an account page ask for exactly what the account screen asks for, the account first', async () => {
    const early = await earlyUrls(accountReads, '/a/yangon.stories');
    const app = appUrls();
    const client = new QueryClient();
    await client.fetchQuery(meQuery('token-1'));
    await client.fetchQuery(accountQuery('yangon.stories'));
    await client.fetchInfiniteQuery(accountPostsQuery(42, 'status'));
    expect(early).toEqual(app.urls);
  });

  it('are taken once by the query that asks for the same URL, with the same session', async () => {
    const app = appUrls();
    const url = `/api/feed?before=${TOP_CURSOR}`;
    window.__inkwellEarly = { [url]: { token: 'token-1', response: Promise.resolve(json(page)) } };
    const client = new QueryClient();
    await client.fetchInfiniteQuery(feedQuery('feed'));
    expect(app.fetch).not.toHaveBeenCalled();
    await new QueryClient().fetchInfiniteQuery(feedQuery('feed'));
    expect(app.urls).toEqual([url]);
  });

  it('are not used for another session', async () => {
    const app = appUrls();
    const url = `/api/feed?before=${TOP_CURSOR}`;
    window.__inkwellEarly = { [url]: { token: 'someone-else', response: Promise.resolve(json(page)) } };
    await new QueryClient().fetchInfiniteQuery(feedQuery('feed'));
    expect(app.urls).toEqual([url]);
    expect(window.__inkwellEarly).toEqual({});
  });
});

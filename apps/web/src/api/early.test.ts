import { imageSrcSet, TOP_CURSOR } from '@inkwell/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountReads, COLUMN_SIZES_TEXT, homeReads } from '../../earlyReads';
import { COLUMN_SIZES, imageAttributes } from '../lib/images';
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
async function earlyUrls(statement: string, path: string, search = '', answer = account): Promise<string[]> {
  const urls: string[] = [];
  const get = (url: string) => {
    urls.push(url);
    return Promise.resolve(json(url.includes('/by-username/') ? answer : page));
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
    expect(homeReads).toContain(`?before=${TOP_CURSOR}`);
    expect(accountReads).toContain(`?before=${TOP_CURSOR}"`);
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

  it.each([
    ['yangon.stories', 'yangon.stories'],
    ['a name the address bar encodes', encodeURIComponent('ရန်ကုန် stories')],
  ])('on an account page ask for exactly what the account screen asks for, the account first: %s', async (_, name) => {
    const early = await earlyUrls(accountReads, `/a/${name}`);
    const app = appUrls();
    const client = new QueryClient();
    await client.fetchQuery(meQuery('token-1'));
    // The router hands the screen its path's username decoded.
    await client.fetchQuery(accountQuery(decodeURIComponent(name)));
    await client.fetchInfiniteQuery(accountPostsQuery(42, undefined));
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

describe('the banner of an account page', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove()));
  const banner = '/uploads/images/covers/2026/11/3fa9c1d2-1600x400.webp';
  const withBanner = (banner_url: string | null) => ({ data: { ...account.data, banner_url } });
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];

  it('is spelled in index.html as the app spells it: the same sizes', () => {
    expect(COLUMN_SIZES_TEXT).toBe(COLUMN_SIZES);
  });

  it('is fetched as soon as the account answers, as the page’s <img> will ask for it', async () => {
    const urls = await earlyUrls(accountReads, '/a/yangon.stories', '', withBanner(banner));
    expect(urls).toHaveLength(3);
    const [link] = preloads();
    const img = imageAttributes(banner, { sizes: COLUMN_SIZES, priority: true });
    expect(link?.getAttribute('href')).toBe(img.src);
    expect(link?.getAttribute('imagesrcset')).toBe(img.srcSet);
    expect(link?.getAttribute('imagesrcset')).toBe(imageSrcSet(banner));
    expect(link?.getAttribute('imagesizes')).toBe(img.sizes);
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('without copies (an image from before sizes were named) is fetched by its one URL', async () => {
    await earlyUrls(accountReads, '/a/yangon.stories', '', withBanner('/uploads/images/covers/3fa9c1d2.webp'));
    const [link] = preloads();
    expect(link?.getAttribute('href')).toBe('/uploads/images/covers/3fa9c1d2.webp');
    expect(link?.hasAttribute('imagesrcset')).toBe(false);
    expect(link?.hasAttribute('imagesizes')).toBe(false);
  });

  it('is not asked for when the account has none, or on another tab', async () => {
    await earlyUrls(accountReads, '/a/yangon.stories', '', withBanner(null));
    await earlyUrls(accountReads, '/a/yangon.stories', 'tab=photos', withBanner(banner));
    expect(preloads()).toEqual([]);
  });
});

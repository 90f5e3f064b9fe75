/*
 * The first API reads of the screens people land on signed in, as index.html starts them before the app has
 * loaded (landingPreloads.ts `api`). Each URL is built by the app's own `apiUrl` from the contract's endpoint, as
 * the screen's query builds it, or the app would ask again: src/api/early.test.ts runs these against the app's
 * own queries.
 *
 * The contracts by path, not by package name: Vite loads this file with its config and leaves a package's import
 * to Node, which cannot read the contracts' TypeScript.
 */
import {
  accountsApi,
  apiUrl,
  usersApi,
  IMAGE_VARIANT_WIDTHS,
  postsApi,
  TOP_CURSOR,
  type EndpointDef,
  type UrlInput,
} from '../../packages/contracts/src/index';

/**
 * A read's URL as a JavaScript expression of the inline script, built by `apiUrl` (the same path, encoding and
 * query as the app's call): each path parameter is given as the JavaScript expression of its value, which only
 * the browser knows (the username in `location`, an id in an answer), and encoded there as `apiUrl` encodes it.
 */
export function urlScript<E extends EndpointDef>(endpoint: E, input: UrlInput<E>): string {
  const { params = {}, query } = input as { params?: Record<string, string>; query?: unknown };
  // A mark `encodeURIComponent` leaves as it is (and a query value never holds: `~` goes as %7E).
  const marks = Object.fromEntries(Object.keys(params).map((name) => [name, `~${name}~`]));
  const url = apiUrl(endpoint as EndpointDef, { params: marks, query } as UrlInput<EndpointDef>);
  return url
    .split(/~(\w+)~/)
    .map((part, i) => (i % 2 ? `encodeURIComponent(${params[part]})` : part && JSON.stringify(part)))
    .filter(Boolean)
    .join(' + ');
}

const me = urlScript(usersApi.me, {});
const firstPage = { before: TOP_CURSOR };

/** /home: the session user and the open tab's first page. */
export const homeReads = `get(${me});
get(q.get('tab') === 'public' ? ${urlScript(postsApi.publicFeed, { query: firstPage })} : ${urlScript(postsApi.feed, { query: firstPage })});`;

/** lib/images.ts `COLUMN_SIZES`: src/api/early.test.ts holds them equal. */
export const COLUMN_SIZES_TEXT = '(min-width: 760px) 760px, 100vw';

/**
 * Fetches one of our images drawn across the content column as its `<img>` will ask for it (the same `srcset`
 * and `sizes` as lib/images.ts, so the browser picks the same copy and the `<img>` takes it from the cache).
 */
const preloadColumnImage = `function preloadColumnImage(url) {
  var link = document.createElement('link'), widths = ${JSON.stringify(IMAGE_VARIANT_WIDTHS)};
  var sized = /(?:^|\\/)images\\/(squares|covers|profiles|photos)\\/(?:[\\w-]+\\/)*[0-9a-f]+-(\\d{1,5})x(\\d{1,5})\\.webp$/.exec(url);
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', url);
  link.setAttribute('fetchpriority', 'high');
  var copies = sized ? widths[sized[1]].filter(function (w) { return w < Number(sized[2]); }) : [];
  // Data saver (lib/dataSaver.ts, the same rule): the page draws the smallest copy alone, so only that is fetched.
  var saver = (function () {
    try { var c = localStorage.getItem('inkwell.dataSaver'); if (c) return c === 'on'; } catch (e) {}
    var n = navigator.connection;
    return !!n && (n.saveData === true || ['slow-2g', '2g', '3g'].indexOf(n.effectiveType) >= 0);
  })();
  if (saver) {
    if (copies.length) link.setAttribute('href', url.replace(/\\.webp$/, '-' + copies[0] + 'w.webp'));
  } else if (copies.length) {
    link.setAttribute('imagesrcset', copies.map(function (w) { return url.replace(/\\.webp$/, '-' + w + 'w.webp') + ' ' + w + 'w'; })
      .concat(url + ' ' + sized[2] + 'w').join(', '));
    link.setAttribute('imagesizes', '${COLUMN_SIZES_TEXT}');
  }
  document.head.appendChild(link);
}`;

/**
 * /a/{username} on its first tab: the session user, the account, then its first page of posts (all types), and its banner
 * (the page's largest paint) as soon as the account says where it is, instead of once the app has drawn it.
 */
export const accountReads = `get(${me});
if (q.get('tab')) return;
${preloadColumnImage}
get(${urlScript(accountsApi.byUsername, { params: { username: 'decodeURIComponent(m[1])' } })})
  .then(function (r) { return r.ok ? r.clone().json() : null; })
  .then(function (a) {
    if (!a) return;
    get(${urlScript(postsApi.ofAccount, { params: { id: 'a.data.id' }, query: firstPage })});
    if (a.data.banner_url) preloadColumnImage(a.data.banner_url);
  });`;

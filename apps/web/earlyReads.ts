/*
 * The first API reads of the screens people land on signed in, as index.html starts them before the app has
 * loaded (landingPreloads.ts `api`). Each URL must be exactly the one the screen's query asks for, or the app
 * asks again: src/api/early.test.ts runs these against the app's own queries.
 */

/** The contracts' `TOP_CURSOR` (a cursor above every post), spelled here because this file runs before the app. */
export const TOP_CURSOR_TEXT = `${Number.MAX_SAFE_INTEGER.toString(36)}.${(2 ** 31 - 1).toString(36)}`;

/** /home: the session user and the open tab's first page. */
export const homeReads = `get('/api/user');
get((q.get('tab') === 'public' ? '/api/feed/public' : '/api/feed') + '?before=${TOP_CURSOR_TEXT}');`;

/** lib/images.ts `COLUMN_SIZES`, and the contracts' `IMAGE_VARIANT_WIDTHS`: src/api/early.test.ts holds them equal. */
export const COLUMN_SIZES_TEXT = '(min-width: 760px) 760px, 100vw';
export const VARIANT_WIDTHS_TEXT =
  '{"squares":[480,960],"covers":[480,960],"profiles":[128,256],"photos":[480,960,1440]}';

/**
 * Fetches one of our images drawn across the content column as its `<img>` will ask for it (the same `srcset`
 * and `sizes` as lib/images.ts, so the browser picks the same copy and the `<img>` takes it from the cache).
 */
const preloadColumnImage = `function preloadColumnImage(url) {
  var link = document.createElement('link'), widths = ${VARIANT_WIDTHS_TEXT};
  var sized = /(?:^|\\/)images\\/(squares|covers|profiles|photos)\\/(?:[\\w-]+\\/)*[0-9a-f]+-(\\d{1,5})x(\\d{1,5})\\.webp$/.exec(url);
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', url);
  link.setAttribute('fetchpriority', 'high');
  var copies = sized ? widths[sized[1]].filter(function (w) { return w < Number(sized[2]); }) : [];
  if (copies.length) {
    link.setAttribute('imagesrcset', copies.map(function (w) { return url.replace(/\\.webp$/, '-' + w + 'w.webp') + ' ' + w + 'w'; })
      .concat(url + ' ' + sized[2] + 'w').join(', '));
    link.setAttribute('imagesizes', '${COLUMN_SIZES_TEXT}');
  }
  document.head.appendChild(link);
}`;

/**
 * /a/{username} on its first tab: the session user, the account, then its first page of notes, and its banner
 * (the page's largest paint) as soon as the account says where it is, instead of once the app has drawn it.
 */
export const accountReads = `get('/api/user');
if (q.get('tab')) return;
${preloadColumnImage}
get('/api/accounts/by-username/' + encodeURIComponent(decodeURIComponent(m[1])))
  .then(function (r) { return r.ok ? r.clone().json() : null; })
  .then(function (a) {
    if (!a) return;
    get('/api/accounts/' + a.data.id + '/posts?before=${TOP_CURSOR_TEXT}&type=status');
    if (a.data.banner_url) preloadColumnImage(a.data.banner_url);
  });`;

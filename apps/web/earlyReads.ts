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

/** /a/{username} on its first tab: the session user, the account, then its first page of notes. */
export const accountReads = `get('/api/user');
if (q.get('tab')) return;
get('/api/accounts/by-username/' + encodeURIComponent(decodeURIComponent(m[1])))
  .then(function (r) { return r.ok ? r.clone().json() : null; })
  .then(function (a) { if (a) get('/api/accounts/' + a.data.id + '/posts?before=${TOP_CURSOR_TEXT}&type=status'); });`;

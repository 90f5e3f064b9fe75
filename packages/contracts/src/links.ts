/*
 * The public addresses of posts and accounts, built the same way by the server (link previews, sitemap, short
 * links) and the web app (share, navigation).
 */

/** The readable address of a post: its slug, percent-encoded (a Thai or Burmese slug grows long this way). */
export const postPath = (slug: string): string => `/posts/${encodeURIComponent(slug)}`;

/** An account's public page. */
export const accountPath = (username: string): string => `/a/${encodeURIComponent(username)}`;

/** The largest post id (a PostgreSQL `integer`): a short code beyond it names no post. */
const MAX_ID = 2_147_483_647;

/**
 * The short form shared instead of the slug: the post's id in base 36 (lower case only, so a link retyped or
 * lower-cased by a chat app still works). It redirects to {@link postPath}.
 */
export const postShortPath = (id: number): string => `/p/${id.toString(36)}`;

/** The post id a short code names, or null when it is not one (wrong characters, too long, out of range). */
export function postIdFromShortCode(code: string): number | null {
  if (!/^[0-9a-z]{1,6}$/.test(code)) return null;
  const id = parseInt(code, 36);
  return id >= 1 && id <= MAX_ID ? id : null;
}

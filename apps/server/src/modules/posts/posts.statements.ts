/*
 * The SQL the feed endpoints run, by name, for `npm run bench -- feeds`: its raw-SQL baseline times exactly these
 * statements straight through node-postgres, without the app around them (nothing in the server uses this file).
 */
export { accountPostsQuery, bySlugQuery, decoratedQuery, publicFeedQuery, type ListWindow } from './posts.repo';
export { SCAN_BUDGET, headsQuery, scanQuery, sectionQuery, shortWalk } from './feed.repo';

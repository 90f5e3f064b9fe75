/**
 * Keys of the `counters` table: totals kept in step with their rows so lists need not count them. Here, not
 * in a module, because deletes in `removal.ts` keep them true too.
 */
/** Visible posts: the public feed's `meta.total`. */
export const VISIBLE_POSTS = 'posts.visible';

/**
 * Dashboard totals, kept by triggers (migration 0010_dashboard_counters) on every insert and delete, so no
 * code path can forget them: people, creator accounts, live subscriptions (trialing or active), posts, photo
 * and gallery posts, likes, comments.
 */
export const DASHBOARD_TOTALS = {
  users: 'total.users',
  accounts: 'total.accounts',
  subscriptions: 'total.subscriptions',
  posts: 'total.posts',
  photos: 'total.photos',
  likes: 'total.likes',
  comments: 'total.comments',
} as const;

/** Posts created on a UTC day, by trigger: `posts.day.2026-11-23`. */
export const postsOnDayKey = (isoDate: string): string => `posts.day.${isoDate}`;

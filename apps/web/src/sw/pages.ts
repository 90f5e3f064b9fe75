import type { WorkboxPlugin } from 'workbox-core';

/**
 * A page that may be kept for offline use: not one its server said no one may store (`no-store`: the home and
 * account pages drawn for one reader, apps/server/src/platform/rendered.ts). Kept, such a page would outlive a
 * sign-out on a shared phone. Workbox itself keeps any 200.
 */
export const keepable = (response: Response): boolean =>
  response.status === 200 && !/(?:^|,)\s*no-store\s*(?:,|$)/i.test(response.headers.get('cache-control') ?? '');

export const onlyKeepable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (keepable(response) ? response : null),
};

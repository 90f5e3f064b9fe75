import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { openFromNotification, pushMessage } from './notifications';
import { onlyKeepable } from './pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/*
 * The app's service worker (/sw.js): the app shell kept for a fast second start and an offline page instead
 * of the browser's error, and Web Push (show, and open on click).
 */

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// The shell: the page, its entry script and styles, the offline page, the icons (listed at build time).
precacheAndRoute(self.__WB_MANIFEST);

// Built scripts and styles are named by their content: once fetched, the copy here is right forever.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'inkwell-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600 })],
  }),
);

// Pages: the network first (fresh data), the copy kept here when the network is gone or too slow.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'inkwell-pages',
      networkTimeoutSeconds: 4,
      plugins: [onlyKeepable, new ExpirationPlugin({ maxEntries: 30 })],
    }),
    { denylist: [/^\/api\//, /^\/uploads\//, /^\/socket\.io\//, /^\/dev\//] },
  ),
);

// A page that is neither reachable nor kept here: the offline page rather than the browser's error.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});

self.addEventListener('push', (event) => {
  const { title, options } = pushMessage(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      await openFromNotification(target, self.location.origin, windows, (url) => self.clients.openWindow(url));
    })(),
  );
});

// Fonts: each @font-face carries its script's unicode-range, so the Burmese and Thai files download only for
// pages that show those scripts. One weight each: headings take a synthetic bold rather than a second file.
import '@fontsource-variable/inter/wght.css';
import '@fontsource/noto-sans-myanmar/400.css';
import '@fontsource/noto-sans-thai/400.css';
// Mantine's base; each component's own styles come with its code (mantineStyles.ts), in production builds.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { restoreLocale } from './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { startRouter } from './app/router';
import { reloadOnStaleBuild } from './app/staleBuild';
import { syncDataSaverCookie } from './lib/dataSaver';

// The dev server pre-bundles Mantine into one file, so the per-component styles cannot follow its components.
if (import.meta.env.DEV) await import('@mantine/core/styles.css');

// The service worker (offline page, Web Push) once the page has loaded; the push module itself loads with the
// screens that ask for notifications, not with every first load. This script itself may run after `load`
// (index.html adds it once the page has painted).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.error('service worker', err));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

if (import.meta.env.PROD) reloadOnStaleBuild();
syncDataSaverCookie();

const locale = restoreLocale();
// Evaluating the app's code is one long task on a slow phone; matching the first route and starting its loaders
// is the next one, not part of it (a tap waits behind neither for long). index.html has already asked for the
// route's code and data.
await new Promise((resolve) => setTimeout(resolve, 0));
// The router starts the route's code and data; the messages load alongside. The first render waits for both,
// behind the skeleton in index.html (or the prerendered screen).
// (index.html adds this script once the page has painted, which is before the end of the document when the
// network is fast: the screen must wait for the whole of it to hydrate or replace it.)
const parsed = new Promise<void>((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});
const { router, ready: routerReady } = startRouter();
void Promise.all([locale, routerReady, parsed]).then(async () => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (document.documentElement.hasAttribute('data-prerendered')) {
    const { takeOverPrerendered } = await import('./app/prerendered');
    if (takeOverPrerendered(container, app)) return;
  }
  const root = createRoot(container);
  // As a transition React renders the first screen in slices of a few milliseconds, giving the main thread
  // back in between, instead of one long task a slow phone cannot answer a tap during.
  startTransition(() => root.render(app));
});

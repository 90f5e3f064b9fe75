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
import { router, routerReady } from './app/router';
import { registerServiceWorker } from './features/notifications/push';

// The dev server pre-bundles Mantine into one file, so the per-component styles cannot follow its components.
if (import.meta.env.DEV) await import('@mantine/core/styles.css');

registerServiceWorker();

// Importing the router has started the route's code and data; the messages load alongside. The first render
// waits for both, behind the skeleton in index.html.
void Promise.all([restoreLocale(), routerReady]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition React renders the first screen in slices of a few milliseconds, giving the main thread
  // back in between, instead of one long task a slow phone cannot answer a tap during.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});

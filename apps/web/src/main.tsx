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
import { currentLocale, restoreLocale } from './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { router, routerReady } from './app/router';
import { whenAppReady } from './app/appReady';
import { registerServiceWorker } from './features/notifications/push';
import { getSession } from './session/session';

// The dev server pre-bundles Mantine into one file, so the per-component styles cannot follow its components.
if (import.meta.env.DEV) await import('@mantine/core/styles.css');

registerServiceWorker();

/**
 * The welcome and sign-in screens arrive prerendered (apps/web/prerender.ts) in the language the server guessed:
 * hydrated when that is this visitor's language and nobody is signed in (the markup stays, nothing repaints),
 * else the skeleton kept beside it takes its place until the app renders.
 */
function prerenderedFits(): boolean {
  const html = document.documentElement;
  const prerendered = html.getAttribute('data-prerendered');
  if (!prerendered) return false;
  if (!html.hasAttribute('data-prerender-skip') && prerendered === currentLocale() && !getSession()) return true;
  const boot = document.getElementById('boot');
  if (boot) document.getElementById('root')!.replaceChildren(...boot.childNodes);
  boot?.remove();
  html.removeAttribute('data-prerender-skip');
  return false;
}

// Importing the router has started the route's code and data; the messages load alongside. The first render
// waits for both, behind the skeleton in index.html (or the prerendered screen).
/**
 * What a visitor did on the prerendered screen before the app took it over: hydration sets each field to the
 * app's state, so what was typed is typed again (as input events the form hears), then the submit or tap index.html held
 * back is made now.
 */
function handOver(container: HTMLElement, typed: string[]): void {
  const fields = [...container.querySelectorAll('input, textarea')] as (HTMLInputElement | HTMLTextAreaElement)[];
  fields.forEach((field, index) => {
    const value = typed[index];
    if (!value || (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))) return;
    // The field may still show the text (hydration keeps it, then the next render would clear it): React hears a
    // change only from what it last saw (set through the element, '') to what the prototype's setter puts in.
    field.value = '';
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const held = window.__inkwellHeld;
  delete window.__inkwellHeld;
  if (held instanceof HTMLFormElement && held.isConnected) held.requestSubmit();
  else if (held instanceof HTMLElement && held.isConnected) held.click();
}

declare global {
  interface Window {
    __inkwellHeld?: EventTarget | null;
  }
}

// (index.html adds this script once the page has painted, which is before the end of the document when the
// network is fast: the screen must wait for the whole of it to hydrate or replace it.)
const parsed = new Promise<void>((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});
void Promise.all([restoreLocale(), routerReady, parsed]).then(() => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (prerenderedFits()) {
    const typed = [...container.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value);
    hydrateRoot(container, app);
    document.getElementById('boot')?.remove();
    whenAppReady(() => handOver(container, typed));
    return;
  }
  const root = createRoot(container);
  // As a transition React renders the first screen in slices of a few milliseconds, giving the main thread
  // back in between, instead of one long task a slow phone cannot answer a tap during.
  startTransition(() => root.render(app));
});

import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { currentLocale } from '../i18n';
import { getSession } from '../session/session';
import { whenAppReady } from './appReady';

/*
 * The welcome and sign-in screens arrive prerendered (apps/web/prerender.ts) in the language the server guessed.
 * Loaded by main.tsx only on such a page (index.html preloads it there), so no other first load carries it.
 */

declare global {
  interface Window {
    __inkwellHeld?: EventTarget | null;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const fieldsIn = (container: HTMLElement) => [...container.querySelectorAll('input, textarea, select')] as Field[];
/** What a field holds as the app takes over; a list only when the visitor chose in it (not as it was drawn). */
const chosenBefore = (field: Field): string =>
  field instanceof HTMLSelectElement && [...field.options].find((o) => o.defaultSelected)?.value === field.value
    ? ''
    : field.value;

/**
 * Hydrates the prerendered screen when it fits this visitor (their language, nobody signed in): the markup
 * stays and nothing repaints. Otherwise the skeleton kept beside it takes its place until the app renders, and
 * the answer is false.
 */
export function takeOverPrerendered(container: HTMLElement, app: ReactNode): boolean {
  const html = document.documentElement;
  const prerendered = html.getAttribute('data-prerendered');
  const boot = document.getElementById('boot');
  const session = getSession();
  const renderedFor = html.getAttribute('data-rendered-for');
  const fits = renderedFor ? session !== null && String(session.userId) === renderedFor : !session;
  if (prerendered && !html.hasAttribute('data-prerender-skip') && prerendered === currentLocale() && fits) {
    const typed = fieldsIn(container).map(chosenBefore);
    // What is typed while React hydrates counts too: the hand-over types each field's latest text, not what it
    // held when hydration began (a comment typed on the drawn post page lost its second line).
    const track = (event: Event) => {
      const index = fieldsIn(container).indexOf(event.target as Field);
      if (index >= 0) typed[index] = (event.target as Field).value;
    };
    container.addEventListener('input', track, true);
    // As a transition React hydrates in slices of a few milliseconds (as main.tsx renders), not in one long
    // task that a tap on a slow phone would wait behind.
    startTransition(() => void hydrateRoot(container, app));
    boot?.remove();
    whenAppReady(() => {
      container.removeEventListener('input', track, true);
      handOver(container, typed);
    });
    return true;
  }
  document.getElementById('rendered-state')?.remove();
  if (boot) container.replaceChildren(...boot.childNodes);
  boot?.remove();
  html.removeAttribute('data-prerender-skip');
  return false;
}

/**
 * What a visitor did on the prerendered screen before the app took it over: hydration sets each field to the
 * app's state, so what was typed is typed again (as input events the form hears), then the submit or tap that
 * index.html held back is made now.
 */
function handOver(container: HTMLElement, typed: string[]): void {
  fieldsIn(container).forEach((field, index) => {
    const value = typed[index];
    if (!value || (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))) return;
    // A list's choice (the composer's "Post as"): chosen again if the app's render put it back.
    if (field instanceof HTMLSelectElement) {
      if (field.value === value) return;
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
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

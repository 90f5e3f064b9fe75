import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLocale } from '../i18n';
import { loadAdminPageMessages } from '../admin/i18n';

// Each language's messages load on demand (i18n/index.ts), English too; tests read English, as main.tsx
// loads it before the first render. The admin screens' too: tests render a screen alone, without the admin
// area that loads them with it (AdminArea.test.tsx goes through the area).
await loadLocale('en');
await loadAdminPageMessages('en');

// jsdom lacks the browser APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Mantine's autosizing text area listens for web fonts loading; jsdom has no `document.fonts`.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

/** jsdom lays nothing out: nothing is ever in view, until a test says so with `intersectAll()`. */
class IntersectionObserverStub {
  static observers = new Set<IntersectionObserverStub>();
  private targets = new Set<Element>();
  constructor(private callback: IntersectionObserverCallback) {
    IntersectionObserverStub.observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    IntersectionObserverStub.observers.delete(this);
  }
  takeRecords() {
    return [];
  }
  fire() {
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry,
    );
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** Brings every observed element into view, as a scroll would. */
export function intersectAll(): void {
  IntersectionObserverStub.observers.forEach((observer) => observer.fire());
}
window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

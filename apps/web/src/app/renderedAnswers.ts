import { hashKey, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { setDrawnAt } from '../lib/drawnAt';
import { getSession, SERVER_RENDER_TOKEN } from '../session/session';

/**
 * The API answers the server drew a signed-in screen from (apps/server/src/platform/rendered.ts), put into the
 * app's cache before the router's loaders ask for them: the screen hydrates from the same data (the markup
 * stays) and asks for none of it again. Only when the page was rendered for the reader signed in here (else
 * index.html has already chosen the skeleton). The server rendered with a placeholder token; the queries keyed
 * by the token take the reader's own, and what counts from "now" counts from when the server drew.
 */
export function keepRenderedAnswers(client: QueryClient): void {
  const html = document.documentElement;
  const element = document.getElementById('rendered-state');
  element?.remove();
  const session = getSession();
  const renderedFor = html.getAttribute('data-rendered-for');
  if (!element?.textContent || !session || String(session.userId) !== renderedFor) return;
  if (html.hasAttribute('data-prerender-skip')) return;
  const state = JSON.parse(element.textContent) as DehydratedState;
  const arrived = Date.now();
  for (const query of state.queries) {
    // Fresh as of now, by this device's clock: one that runs ahead of the server's would find them stale and ask
    // again.
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = arrived;
    if (!query.queryKey.includes(SERVER_RENDER_TOKEN)) continue;
    query.queryKey = query.queryKey.map((part) => (part === SERVER_RENDER_TOKEN ? session.token : part));
    query.queryHash = hashKey(query.queryKey);
  }
  hydrate(client, state);
  setDrawnAt(Number(html.getAttribute('data-drawn-at')) || null);
}

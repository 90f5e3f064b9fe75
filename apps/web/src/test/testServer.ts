import { vi } from 'vitest';

/** A request as the server received it. */
export interface Sent {
  method: string;
  /** With its query: `/api/user/blocks?page=1`. */
  url: string;
  body: unknown;
}

type Answer = readonly [status: number, body: unknown];

/**
 * For screen tests: the requests the screens make, each recorded and answered as the server would, by method
 * and path (`'DELETE /api/users/9/block'`); an answer may depend on what came before (a list after an unblock).
 * Anything else is a 404.
 */
export function answerAs(routes: Record<string, Answer | ((sent: Sent[]) => Answer)>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const { pathname, search } = new URL(url, 'http://localhost');
      sent.push({
        method,
        url: pathname + search,
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      });
      const route = routes[`${method} ${pathname}`];
      const [status, body] = typeof route === 'function' ? route(sent) : (route ?? [404, { message: 'Not found.' }]);
      // A 204 has no body at all (the Response constructor refuses one).
      if (status === 204) return new Response(null, { status });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** What the screens sent besides reading (their writes), as `METHOD path` with the body when there is one. */
export const writes = (sent: Sent[]) =>
  sent
    .filter((s) => s.method !== 'GET')
    .map((s) => (s.body === undefined ? `${s.method} ${s.url}` : [`${s.method} ${s.url}`, s.body]));

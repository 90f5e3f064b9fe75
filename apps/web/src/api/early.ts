/** A read index.html started for the first screen before the app loaded (landingPreloads.ts `api`). */
interface EarlyRead {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __inkwellEarly?: Record<string, EarlyRead>;
  }
}

/**
 * The response of a read already under way for this URL, taken once: the first screen's queries then wait for a
 * request that started with the page instead of starting theirs once the code has run. Only for the session that
 * started it; anything else (signed out meanwhile, another URL) makes its own request.
 */
export function takeEarlyRead(url: string, token: string | undefined): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__inkwellEarly;
  const read = reads?.[url];
  if (!read) return undefined;
  delete reads[url];
  return read.token === token ? read.response : undefined;
}

import { describe, expect, it } from 'vitest';
import { keepable } from './pages';

const page = (status: number, cacheControl?: string) =>
  new Response('<!doctype html>', { status, headers: cacheControl ? { 'cache-control': cacheControl } : {} });

describe('pages the service worker keeps for offline use', () => {
  it('keeps the plain app page', () => {
    expect(keepable(page(200, 'no-cache'))).toBe(true);
    expect(keepable(page(200))).toBe(true);
  });

  it('never keeps a page drawn for one reader, nor a failed one', () => {
    expect(keepable(page(200, 'private, no-store'))).toBe(false);
    expect(keepable(page(200, 'No-Store'))).toBe(false);
    expect(keepable(page(404, 'no-cache'))).toBe(false);
    expect(keepable(page(500))).toBe(false);
  });
});

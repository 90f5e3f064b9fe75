import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, MAX_PAGE, MAX_PER_PAGE, postsApi } from '@inkwell/contracts';
import { startTestServer, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** Every paged list, three of them open to guests (security review: one request froze the process). */
const PAGED = [postsApi.publicFeed, accountsApi.explore, postsApi.feed, postsApi.mine];

describe('paged lists', () => {
  it('refuse pages past the cap at once, for guests and readers, and keep serving', async () => {
    const reader = await signedIn(s);
    for (const endpoint of PAGED) {
      for (const page of ['9007199254740990', '1e308', String(MAX_PAGE + 1), '0', '-1', '1.5']) {
        const started = Date.now();
        const res = await s.call(endpoint, { query: { page }, token: reader.token });
        expect(res.status, `${endpoint.path} page=${page}`).toBe(422);
        expect(res.error.errors!.page).toBeDefined();
        expect(Date.now() - started).toBeLessThan(2000);
      }
      const wide = await s.call(endpoint, { query: { per_page: MAX_PER_PAGE + 1 }, token: reader.token });
      expect(wide.status).toBe(422);
    }
    expect((await s.request('GET', '/readyz')).status).toBe(200);
  });

  it('answer a page beyond the last with an empty page and true meta', async () => {
    const res = await s.call(postsApi.publicFeed, { query: { page: MAX_PAGE } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ current_page: MAX_PAGE, last_page: 1, total: 0, per_page: 20 });
    expect(res.body.meta.links!.at(-1)!.url).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { reloadOnStaleBuild } from './staleBuild';

function setUp(status: number | 'offline') {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  let clock = 1_000_000;
  const reloads: number[] = [];
  const asked: string[] = [];
  reloadOnStaleBuild({
    target: target as unknown as Window,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    status: (url) => {
      asked.push(url);
      return status === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(status);
    },
    reload: () => reloads.push(clock),
    now: () => clock,
  });
  const fail = async (url = `${location.origin}/assets/NotificationsPage-old.js`) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new TypeError(`Failed to fetch dynamically imported module: ${url}`),
    });
    target.dispatchEvent(event);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { fail, reloads, asked, advance: (ms: number) => (clock += ms) };
}

describe('reloadOnStaleBuild', () => {
  it('reloads when the server says the chunk is gone, not again within 30 s, and again after', async () => {
    const { fail, reloads, asked, advance } = setUp(404);
    await fail();
    expect(asked).toEqual([`${location.origin}/assets/NotificationsPage-old.js`]);
    expect(reloads).toHaveLength(1);
    advance(10_000);
    await fail();
    expect(reloads).toHaveLength(1);
    advance(30_000);
    await fail();
    expect(reloads).toHaveLength(2);
  });

  it('keeps the page when the connection failed or the file is there, and ignores other origins', async () => {
    for (const status of ['offline', 200, 500] as const) {
      const { fail, reloads } = setUp(status);
      await fail();
      expect(reloads).toEqual([]);
    }
    const { fail, reloads, asked } = setUp(404);
    await fail('https://cdn.example/assets/x.js');
    expect([reloads, asked]).toEqual([[], []]);
  });
});

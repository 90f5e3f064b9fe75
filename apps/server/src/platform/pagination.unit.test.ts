import { describe, expect, it } from 'vitest';
import { pageMeta } from './pagination';

const meta = (page: number, total: number, perPage = 20) =>
  pageMeta({ page, perPage, total, url: 'https://ink.example/api/feed/public?per_page=20', locale: 'en' });

describe('pageMeta', () => {
  it('counts pages and keeps at least one page for an empty list', () => {
    expect(meta(1, 0)).toMatchObject({ current_page: 1, last_page: 1, total: 0, per_page: 20 });
    expect(meta(1, 20).last_page).toBe(1);
    expect(meta(1, 21).last_page).toBe(2);
  });

  it('links previous and next, keeping other query parameters', () => {
    const m = meta(2, 60);
    expect(m.links[0]).toEqual({
      url: 'https://ink.example/api/feed/public?per_page=20&page=1',
      label: '« Previous',
      active: false,
    });
    expect(m.links.at(-1)).toEqual({
      url: 'https://ink.example/api/feed/public?per_page=20&page=3',
      label: 'Next »',
      active: false,
    });
    expect(m.links.filter((l) => l.active).map((l) => l.label)).toEqual(['2']);
  });

  it('has no previous link on the first page and no next link on the last', () => {
    expect(meta(1, 60).links[0]!.url).toBeNull();
    expect(meta(3, 60).links.at(-1)!.url).toBeNull();
  });

  it('cuts long lists with gaps around the current page', () => {
    const labels = meta(50, 20 * 100).links.map((l) => l.label);
    expect(labels).toEqual([
      '« Previous',
      '1',
      '2',
      '...',
      '47',
      '48',
      '49',
      '50',
      '51',
      '52',
      '53',
      '...',
      '99',
      '100',
      'Next »',
    ]);
    expect(meta(1, 20 * 100).links.map((l) => l.label)).toEqual([
      '« Previous',
      '1',
      '2',
      '3',
      '4',
      '...',
      '99',
      '100',
      'Next »',
    ]);
  });

  it('translates the labels', () => {
    const th = pageMeta({ page: 1, perPage: 10, total: 30, url: 'https://x.test/a', locale: 'th' });
    expect(th.links[0]!.label).toBe('« ก่อนหน้า');
  });

  it('answers at once for a page far past the last, even above 2^53', () => {
    const started = Date.now();
    for (const page of [1001, 2 ** 31, 9007199254740990, Number.MAX_SAFE_INTEGER]) {
      const m = meta(page, 60);
      expect(m).toMatchObject({ current_page: page, last_page: 3, total: 60 });
      expect(m.links.at(-1)!.url).toBeNull();
      expect(m.links[0]!.url).toBe('https://ink.example/api/feed/public?per_page=20&page=3');
    }
    expect(Date.now() - started).toBeLessThan(100);
  });
});

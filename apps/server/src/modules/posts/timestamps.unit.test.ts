import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps';

describe('isoTimestamp', () => {
  it('writes what Date would, to the millisecond, for every form PostgreSQL and PGlite hand over', () => {
    const samples = [
      '2026-05-01 09:30:00.123456+00',
      '2026-05-01 09:30:00.999999+00',
      '2026-05-01 09:30:00.1+00',
      '2026-05-01 09:30:00+00',
      '1970-01-01 00:00:00+00',
      '2026-05-01 16:30:00.5+07',
      '2026-05-01 03:00:00.25-06:30',
    ];
    for (const text of samples) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    const date = new Date(Date.UTC(2026, 4, 1, 9, 30, 0, 7));
    expect(isoTimestamp(date)).toBe('2026-05-01T09:30:00.007Z');
  });
});

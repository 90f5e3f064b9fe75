import { describe, expect, it } from 'vitest';
import { CursorPageQuery, MAX_ID, TOP_CURSOR, decodeCursor, encodeCursor } from './common';

describe('list cursors', () => {
  it('read back what they wrote, microseconds and the followed feed’s note included', () => {
    const keys = [
      { micros: 1_795_519_147_088_123, id: 1 },
      { micros: 0, id: MAX_ID },
      { micros: Number.MAX_SAFE_INTEGER, id: 42, deep: true },
    ];
    for (const key of keys) expect(decodeCursor(encodeCursor(key))).toEqual(key);
    expect(decodeCursor(TOP_CURSOR)).toEqual({ micros: Number.MAX_SAFE_INTEGER, id: MAX_ID });
  });

  it('refuse anything else with a message key, so a bad cursor is a translated 422', () => {
    const bad = [
      '',
      '1',
      '1.0',
      '1.',
      '.1',
      'zzzzzzzzzzz.1',
      '1.zzzzzzz',
      '1.1.x',
      '1.1.d.d',
      'A.1',
      '-1.1',
      '1.1 ',
      '1_3.1',
      '1.1.D',
    ];
    for (const value of bad) {
      expect(decodeCursor(value), value).toBeNull();
      const parsed = CursorPageQuery.safeParse({ before: value });
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('pagination.invalid_cursor');
    }
    expect(CursorPageQuery.parse({ before: '1.1' })).toEqual({ page: 1, per_page: 20, before: { micros: 1, id: 1 } });
  });
});

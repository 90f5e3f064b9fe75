import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps short text whole', () => {
    expect(excerpt('A short note.')).toBe('A short note.');
  });
  it('cuts at 50 words with an ellipsis', () => {
    const text = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
    const cut = excerpt(text);
    expect(cut.endsWith('w49…')).toBe(true);
    expect(cut.split(' ')).toHaveLength(50);
  });
  it('cuts unspaced Burmese and Thai by length', () => {
    const thai = 'ข้าวซอย'.repeat(100);
    expect(excerpt(thai).length).toBe(401);
    expect(excerpt(thai).endsWith('…')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { makeSlug } from './slug';

describe('makeSlug', () => {
  it('keeps words, drops punctuation, adds a unique suffix', () => {
    expect(makeSlug('Hello, World! 2026', 'post')).toMatch(/^hello-world-2026-[0-9a-f]{6}$/);
    expect(makeSlug('Hello', 'post')).not.toBe(makeSlug('Hello', 'post'));
  });

  it('gives valid slugs for Burmese and Thai titles', () => {
    const my = makeSlug('ရန်ကုန် မြို့ ဇာတ်လမ်းများ', 'post');
    expect(my).toMatch(/^ရန်ကုန်-မြို့-ဇာတ်လမ်းများ-[0-9a-f]{6}$/);
    const th = makeSlug('อาหารเหนือ เชียงใหม่!', 'post');
    expect(th).toMatch(/^อาหารเหนือ-เชียงใหม่-[0-9a-f]{6}$/);
    // Survives a round trip through a URL.
    expect(
      decodeURIComponent(new URL(`https://x.test/posts/${encodeURIComponent(my)}`).pathname.split('/').pop()!),
    ).toBe(my);
  });

  it('falls back to the type when there are no words, and stays short', () => {
    expect(makeSlug('!!!', 'photo')).toMatch(/^photo-[0-9a-f]{6}$/);
    expect(makeSlug(null, 'status')).toMatch(/^status-[0-9a-f]{6}$/);
    expect(makeSlug('word '.repeat(40), 'post').length).toBeLessThanOrEqual(68);
  });
});

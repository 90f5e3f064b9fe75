import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

describe('search snippets', () => {
  it('marks the words found, in any script, inside unspaced text', () => {
    expect(highlight('Morning tea in Yangon', 'tea yangon')).toBe('Morning <mark>tea</mark> in <mark>Yangon</mark>');
    expect(highlight('ข้าวซอยเชียงใหม่อร่อยที่สุด', 'เชียงใหม่')).toBe('ข้าวซอย<mark>เชียงใหม่</mark>อร่อยที่สุด');
    expect(highlight('ရန်ကုန်မြို့မှာမိုးရွာနေတယ်', 'မိုးရွာ')).toBe('ရန်ကုန်မြို့မှာ<mark>မိုးရွာ</mark>နေတယ်');
  });

  it('escapes everything else, the marked words too', () => {
    expect(highlight('<script>alert("x")</script> & tea', 'tea')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>tea</mark>',
    );
    expect(highlight('a <b>bold</b> word', '<b>')).toBe('a &lt;<mark>b</mark>&gt;bold&lt;/<mark>b</mark>&gt; word');
  });

  it('marks the query inside a longer word when no word matches, and shows the part around the first match', () => {
    expect(highlight('Teapots and teacups', 'tea')).toBe('<mark>Tea</mark>pots and <mark>tea</mark>cups');
    const long = `${'word '.repeat(60)}harbour ${'more '.repeat(60)}`;
    const snippet = highlight(long, 'harbour');
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet).toContain('<mark>harbour</mark>');
    expect(snippet.endsWith('…')).toBe(true);
  });
});

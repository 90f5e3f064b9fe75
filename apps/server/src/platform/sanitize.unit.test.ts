import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '../../test/xss-vectors';
import { plainText, sanitizeArticle } from './sanitize';

describe('sanitizeArticle', () => {
  it.each(XSS_VECTORS)('%s', (input, expected) => {
    expect(sanitizeArticle(input)).toBe(expected);
  });

  it('keeps the editor’s structure and marks links nofollow', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://inkwell.example/x" onclick="x()">link</a></p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(sanitizeArticle(html)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://inkwell.example/x" rel="nofollow noopener ugc" target="_blank">link</a></p><ul><li>one</li></ul><blockquote>q</blockquote>',
    );
  });
});

describe('plainText', () => {
  it('keeps words of separate blocks apart', () => {
    expect(plainText('<h2>Morning</h2><p>The city</p><ul><li>tea</li><li>rice</li></ul>a<br>b')).toBe(
      'Morning The city tea rice a b',
    );
  });

  it('drops tags and entities', () => {
    expect(plainText('<p>Hello&nbsp;<b>world</b> &amp; <i>ရန်ကုန်</i></p>')).toBe('Hello world & ရန်ကုန်');
  });
});

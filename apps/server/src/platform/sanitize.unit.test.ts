import { describe, expect, it } from 'vitest';
import { plainText, sanitizeArticle } from './sanitize';

describe('sanitizeArticle', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<svg onload="alert(1)"><circle/></svg><p>x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">click</a>', '<a rel="nofollow noopener ugc" target="_blank">click</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="nofollow noopener ugc" target="_blank">x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a rel="nofollow noopener ugc" target="_blank">x</a>'],
    ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
    ['<div style="width: expression(alert(1))">e</div>', 'e'],
    ['<iframe src="https://evil.example"></iframe><p>y</p>', '<p>y</p>'],
    ['<p onclick="steal()">t</p>', '<p>t</p>'],
    ['<a href="//evil.example/x">p</a>', '<a rel="nofollow noopener ugc" target="_blank">p</a>'],
    ['<object data="x.swf"></object><form action="/x"><input></form>', ''],
  ])('%s', (input, expected) => {
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

/** Hostile article HTML and what the sanitiser must leave of it; shared by the unit and the HTTP tests. */
export const XSS_VECTORS: [input: string, expected: string][] = [
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
];

import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
let web: string;
const LOCALES = ['en', 'my', 'th'] as const;

/** A stand-in for the built web app: index.html and the prerendered screens, each with its compressed copies. */
function writeWithSiblings(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.web-'));
  fs.mkdirSync(path.join(web, 'prerendered'));
  writeWithSiblings(path.join(web, 'index.html'), '<!doctype html><html lang="en"><body>shell</body></html>');
  for (const name of ['welcome', 'login']) {
    for (const locale of LOCALES) {
      writeWithSiblings(
        path.join(web, 'prerendered', `${name}.${locale}.html`),
        `<!doctype html><html lang="${locale}" data-prerendered="${locale}"><body>${name} ${locale}</body></html>`,
      );
    }
  }
  s = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${s.url}${url}`, { headers });

describe('the prerendered welcome and sign-in screens', () => {
  it.each([
    ['/', {}, 'welcome en'],
    ['/', { 'accept-language': 'my-MM,my;q=0.9,en;q=0.8' }, 'welcome my'],
    ['/login', { 'accept-language': 'th' }, 'login th'],
    // The language chosen on this device wins over the browser's.
    ['/login', { 'accept-language': 'th', cookie: 'theme=dark; inkwell.locale=my' }, 'login my'],
    // Weights count; languages Inkwell does not speak are passed over.
    ['/', { 'accept-language': 'fr-FR, en;q=0.5, th;q=0.8' }, 'welcome th'],
    ['/', { 'accept-language': 'fr, de;q=0.9' }, 'welcome en'],
    // Nonsense is English, never an error.
    ['/', { 'accept-language': ';;;q=x,,my;q=0', cookie: 'inkwell.locale=../../etc' }, 'welcome en'],
  ])('%s with %j answers “%s”', async (url, headers, text) => {
    const res = await get(url, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
    expect(await res.text()).toContain(text);
  });

  it('comes as its brotli copy when the browser takes brotli', async () => {
    const res = await get('/', { 'accept-encoding': 'br', 'accept-language': 'my' });
    expect(res.headers.get('content-encoding')).toBe('br');
    const raw = fs.readFileSync(path.join(web, 'prerendered', 'welcome.my.html.br'));
    expect(brotliDecompressSync(raw).toString()).toContain('welcome my');
  });

  it('leaves every other screen to index.html, and a query to the same screen', async () => {
    expect(await (await get('/home', { 'accept-language': 'my' })).text()).toContain('shell');
    expect(await (await get('/register')).text()).toContain('shell');
    expect(await (await get('/login?from=x', { 'accept-language': 'th' })).text()).toContain('login th');
  });
});

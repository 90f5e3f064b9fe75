import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildPath, mediaApi, postsApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAccount, postAs } from '../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { fixturesDir, makeJpegWithGps } from '../../test/media-fixtures';
import { connectSocket } from '../../test/sockets';
import { uploadFile } from '../../test/uploads';

let s: TestServer;
let web: string;
const media = fixturesDir();

/** Text that compresses well and is well over the 1 KB threshold, as real bundles are. */
const script = Array.from({ length: 200 }, (_, i) => `export const line${i} = 'ink ${i}';`).join('\n');
const page = `<!doctype html><html lang="en"><title>Inkwell</title><body>${'<p>Shell</p>'.repeat(200)}</body></html>`;

/** A stand-in for the built web app, with the brotli and gzip siblings the build writes. */
function writeWithSiblings(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  writeWithSiblings(path.join(web, 'index.html'), page);
  writeWithSiblings(path.join(web, 'assets', 'index-abc123.js'), script);
  s = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(web, { recursive: true, force: true });
  fs.rmSync(media, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they cross the wire (fetch would inflate them and hide the encoding). */
function rawGet(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${s.url}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = (answer: RawAnswer): Buffer => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
};

describe('the built web app', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    // What Chromium sends: brotli wins over gzip.
    ['gzip, deflate, br, zstd', 'br'],
  ])('Accept-Encoding %s gets the precompressed %s copy of an asset', async (accept, encoding) => {
    const res = await rawGet('/assets/index-abc123.js', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sibling = fs.readFileSync(path.join(web, 'assets', `index-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`));
    // The file as built, not compressed again on the way out.
    expect(res.body.equals(sibling)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(sibling.length);
    expect(decode(res).toString()).toBe(script);
  });

  it.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'deflate' }]])(
    'the raw asset when the browser asks for neither (%o)',
    async (headers) => {
      const res = await rawGet('/assets/index-abc123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(script);
    },
  );

  it('index.html and the history fallback of a screen come compressed and uncached', async () => {
    for (const url of ['/', '/home', '/settings']) {
      const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(br.body.equals(fs.readFileSync(path.join(web, 'index.html.br'))), url).toBe(true);
      expect(decode(br).toString(), url).toBe(page);

      const plain = await rawGet(url);
      expect(plain.status, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body.toString(), url).toBe(page);
    }
  });
});

describe('API answers', () => {
  it('a large answer is compressed as the client asks, a small one is not', async () => {
    const creator = await withAccount(s);
    for (let i = 0; i < 12; i++) {
      const res = await postAs(s, creator, {
        account_id: creator.account.id,
        type: 'status',
        content: `Morning ${i} in Yangon: tea, mohinga and the circle line, as every morning of the week.`,
      });
      expect(res.status).toBe(201);
    }
    const url = `/api${buildPath(postsApi.ofAccount.path, { id: creator.account.id })}`;
    const plain = await rawGet(url, { authorization: `Bearer ${creator.token}` });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const body = JSON.parse(plain.body.toString()) as { data: unknown[] };
    expect(body.data).toHaveLength(12);

    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(url, { authorization: `Bearer ${creator.token}`, 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res).toString())).toEqual(body);
    }

    const small = await rawGet('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });

  it('uploads go out as stored, whatever the browser accepts', async () => {
    const person = await signedIn(s);
    const photo = await makeJpegWithGps(media);
    const uploaded = await uploadFile(s, person.token, mediaApi.uploadImage, photo, {
      fields: { type: 'photos' },
      field: 'url',
    });
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.url as string;
    const stored = await rawGet(url);
    expect(stored.status).toBe(200);
    for (const accept of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(stored.body)).toBe(true);
    }
    // Whatever the type: a stored file of a kind that would compress well is still sent as stored.
    const text = path.join(s.dataDir, 'uploads', 'notes-0123456789abcdef.json');
    fs.writeFileSync(text, JSON.stringify({ notes: 'ink '.repeat(1000) }));
    const json = await rawGet('/uploads/notes-0123456789abcdef.json', { 'accept-encoding': 'br, gzip' });
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.body.equals(fs.readFileSync(text))).toBe(true);
    // A range of a stored file (how browsers seek in audio and video) stays a plain byte range.
    const range = await rawGet(url, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals(stored.body.subarray(0, 100))).toBe(true);
  });

  it('Socket.IO on /socket.io still upgrades and connects (the upgrade never passes through the plugin)', async () => {
    const socket = await connectSocket(s.url);
    try {
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});

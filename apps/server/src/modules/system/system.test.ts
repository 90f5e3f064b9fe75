import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { identityApi, systemApi, usersApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
let web: string;
/** index.html's own first-paint script (language, colour scheme, skeleton), as the built one has. */
/** What the test reads of the generated OpenAPI document. */
interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
  >;
}

const bootScript = "document.documentElement.lang = localStorage.getItem('inkwell.locale') || 'en';";
beforeAll(async () => {
  // A stand-in for the built web app, to check the history fallback and cache headers.
  web = fs.mkdtempSync(path.join(process.cwd(), 'node_modules', '.web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), `<!doctype html><title>Inkwell</title><script>${bootScript}</script>`);
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What a build keeps for tools: source maps (every source file inside) and its manifests.
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js.map'), '{"sourcesContent":["SECRET SOURCE"]}');
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(path.join(web, '.vite', 'manifest.json'), '{"SECRET":"MANIFEST"}');
  fs.writeFileSync(path.join(web, '.vite', 'ssr-manifest.json'), '{"SECRET":"MANIFEST"}');
  s = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('operations', () => {
  it('healthz and readyz', async () => {
    expect((await s.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await s.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('metrics in Prometheus text', async () => {
    await s.call(usersApi.me);
    const res = await fetch(`${s.url}/metrics`);
    const text = await res.text();
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('route="/api/user"');
  });

  it('OpenAPI generated from the contract, and the reference page', async () => {
    const spec = await s.offContract<OpenApiDocument>('GET', '/api/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe('3.1.0');
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/user', '/api/users/{id}', '/api/user/devices/{id}']),
    );
    const register = spec.body.paths['/api/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    const docs = await fetch(`${s.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('security headers with a content security policy and a request id', async () => {
    const res = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    // The page's own inline script runs (allowed by its hash); no other inline code may.
    const bootHash = createHash('sha256').update(bootScript).digest('base64');
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${bootHash}'`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('never serves the build’s source maps or manifests (security review)', async () => {
    for (const urlPath of [
      '/assets/app-abc123.js.map',
      '/.vite/manifest.json',
      '/.vite/ssr-manifest.json',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/assets/app-abc123.js.MAP',
    ]) {
      const res = await fetch(`${s.url}${urlPath}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, urlPath).toBe(404);
      expect(await res.text(), urlPath).not.toMatch(/SECRET/);
    }
    expect((await fetch(`${s.url}/assets/app-abc123.js`)).status).toBe(200);
  });

  it('serves the web app with a history fallback, and a JSON 404 for unknown API paths', async () => {
    const page = await fetch(`${s.url}/profile/devices`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Inkwell</title>');
    const asset = await fetch(`${s.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // A built script keeps the headers a subresource acts on and goes without the document-only ones.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(asset.headers.get('referrer-policy')).toBe('no-referrer');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(asset.headers.get(name)).toBeNull();
    }
    // Nor what only revalidation, resuming or one request needs: it is immutable and the same for everyone.
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    // The app's pages keep the whole policy, and what a revalidation of a page that changes needs.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('etag')).toBeTruthy();
    expect(page.headers.get('x-request-id')).toBeTruthy();
    // A chunk the build does not have (an old page after a deploy) is a 404, never the page as a script.
    const missing = await fetch(`${s.url}/assets/no-such-chunk.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.text()).not.toContain('<title>');
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    const api = await s.offContract('GET', '/api/no-such-thing', { lang: 'my' });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ code: 'route_not_found', message: 'API တွင် ဤလိပ်စာ မရှိပါ။' });
    const traversal = await fetch(`${s.url}/uploads/..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('root:');
    expect((await fetch(`${s.url}/uploads/missing.png`)).status).toBe(404);
  });

  it('metrics are for this machine only; a forwarded or remote request gets nothing', async () => {
    const remote = await s.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const proxied = await fetch(`${s.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
  });
});

/** Registers a reader, which writes an activation mail; answers the mailbox URL for their address. */
async function registerAndRead(server: TestServer, email: string) {
  await server.call(identityApi.register, {
    body: {
      name: 'Mail Reader',
      username: email.split('@')[0]!.replace(/[^a-z]/g, ''),
      email,
      password: 'long-enough-pass',
      password_confirmation: 'long-enough-pass',
    },
  });
  return `/api/dev/mailbox?to=${encodeURIComponent(email)}`;
}

describe('the dev mailbox (security review: reset root through it)', () => {
  it('without SMTP, lists the mails the server wrote to a person on this machine only', async () => {
    const local = await startTestServer({ SMTP_URL: '' });
    try {
      const url = await registerAndRead(local, 'mail.reader@example.test');
      const box = await local.call(systemApi.devMailbox, { query: { to: 'mail.reader@example.test' } });
      expect(box.status).toBe(200);
      expect(box.body.data[0]).toMatchObject({
        to: 'mail.reader@example.test',
        subject: 'Activate your Inkwell account',
      });
      // From another machine, or through a proxy (whatever the forwarded address claims): nothing.
      const remote = await local.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('Activate');
      for (const header of ['x-forwarded-for', 'forwarded']) {
        const proxied = await local.call(systemApi.devMailbox, {
          query: { to: 'mail.reader@example.test' },
          headers: { [header]: '127.0.0.1' },
        });
        expect(proxied.status).toBe(404);
      }
    } finally {
      await local.close();
    }
  });

  it('does not exist once mail is sent by SMTP', async () => {
    await registerAndRead(s, 'smtp.reader@example.test');
    expect((await s.call(systemApi.devMailbox, { query: { to: 'smtp.reader@example.test' } })).status).toBe(404);
    expect((await s.smtp.waitFor('smtp.reader@example.test')).subject).toBe('Activate your Inkwell account');
  });
});

/** A real HTTP request to the server's loopback port with a `Host` of our choosing (fetch would not send one). */
function getWithHost(server: TestServer, urlPath: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(`${server.url}${urlPath}`, { headers: { host, accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('host allow-list (security review: a page that rebinds its name to 127.0.0.1)', () => {
  it('outside production answers only loopback names, PUBLIC_URL’s and ALLOWED_HOSTS; the mailbox only loopback', async () => {
    const local = await startTestServer({
      SMTP_URL: '',
      PUBLIC_URL: 'http://ink.example.test:3000',
      ALLOWED_HOSTS: 'Phone.Example.Test, 192.168.1.20',
    });
    try {
      const mailbox = await registerAndRead(local, 'rebind.target@example.test');
      const port = new URL(local.url).port;
      // What a rebinding page's requests carry: its own name, resolved to 127.0.0.1. Refused everywhere.
      for (const host of ['attacker.example', `attacker.example:${port}`, '127.0.0.1.nip.example', 'x@localhost']) {
        for (const urlPath of [mailbox, '/api/user', '/healthz', '/']) {
          const res = await getWithHost(local, urlPath, host);
          expect(res.status, `${host} ${urlPath}`).toBe(403);
          expect(res.body).not.toContain('Activate');
        }
      }
      const refused = JSON.parse((await getWithHost(local, '/api/user', 'attacker.example')).body);
      expect(refused.code).toBe('host_not_allowed');

      // The names this machine is known by answer as usual.
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LOCALHOST']) {
        const res = await getWithHost(local, mailbox, host);
        expect(res.status, host).toBe(200);
        expect(res.body).toContain('Activate your Inkwell account');
      }
      for (const host of ['ink.example.test:3000', 'phone.example.test', '192.168.1.20:3000']) {
        expect((await getWithHost(local, '/healthz', host)).status, host).toBe(200);
        expect((await getWithHost(local, '/api/user', host)).status, host).toBe(401);
        // Allowed to reach the app, but the mailbox is for a person at this machine only.
        expect((await getWithHost(local, mailbox, host)).status, host).toBe(404);
      }
    } finally {
      await local.close();
    }
  });

  it('in production leaves the names to the proxy in front', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) });
    try {
      expect((await getWithHost(prod, '/healthz', 'ink.example.com')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('production', () => {
  it('has no dev mailbox, and metrics only with METRICS_TOKEN', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), SMTP_URL: '' });
    const withToken = await startTestServer({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      METRICS_TOKEN: 'm'.repeat(32),
    });
    try {
      expect((await prod.call(systemApi.devMailbox)).status).toBe(404);
      // A reverse proxy on the same host makes every request come from loopback.
      expect((await prod.request('GET', '/metrics')).status).toBe(404);
      expect((await withToken.request('GET', '/metrics')).status).toBe(403);
      expect((await withToken.request('GET', '/metrics', { token: 'wrong' })).status).toBe(403);
      expect((await withToken.request('GET', '/metrics', { token: 'm'.repeat(32) })).status).toBe(200);
    } finally {
      await Promise.all([prod.close(), withToken.close()]);
    }
  });
});

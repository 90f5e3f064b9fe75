import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { loadConfig, testSettings } from '../src/config';
import { freshDatabase } from './database';
import { startSmtpReceiver } from './smtp';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface TestServer extends App {
  url: string;
  dataDir: string;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/**
 * The real server on loopback with a fresh database, a temporary data folder and a real SMTP receiver.
 * `env` overrides configuration (rate limits are off unless a test sets RATE_LIMIT_SCALE).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { smtpDelayMs?: number } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-test-'));
  const smtp = await startSmtpReceiver({ delayMs: options.smtpDelayMs });
  const { database, drop } = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://inkwell.test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: '0',
    REDIS_URL: testSettings().redisUrl,
    WEB_DIST: path.join(dataDir, 'no-web'),
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  });
  const built = await buildApp(config, {
    database,
    jobPollSeconds: 0.5,
    rateLimitNamespace: `t-${randomBytes(4).toString('hex')}-`,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;

  async function request<T>(method: string, urlPath: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const res = await fetch(`${url}${urlPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  return {
    ...built,
    url,
    dataDir,
    smtp,
    request,
    async close() {
      if (built.app.server.listening) await built.app.close();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

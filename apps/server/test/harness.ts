import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPath,
  type EndpointBody,
  type EndpointDef,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorBody,
} from '@inkwell/contracts';
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

/** The `:name` segments of a contract path: `'/posts/:id/comments'` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type HasParams<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never] ? false : true;

/** What `call` sends: the contract's own parameter names, query and body types. */
export type CallOptions<E extends EndpointDef> = {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
} & (HasParams<E> extends true
  ? { params: { [K in PathParamNames<E['path']>]: string | number } }
  : { params?: undefined });

export interface CallAnswer<E extends EndpointDef> extends ApiAnswer<EndpointResponse<E>> {
  /** The same answer read as the contract's error shape (`code`, `message`, `errors`), for a refusal. */
  error: ErrorBody;
}

export interface TestServer extends App {
  url: string;
  dataDir: string;
  /** The test file's PostgreSQL database (unset on PGlite, which lives in this process only). */
  databaseUrl?: string;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  /**
   * Calls one contract endpoint: the path comes from the contract with its `:params` filled, and the
   * answer is typed as the contract's, so renaming a path, a parameter or a field breaks the test at
   * compile time. Use `request` for what the contract cannot express (malformed bodies, raw paths).
   */
  call<E extends EndpointDef>(
    endpoint: E,
    ...options: HasParams<E> extends true ? [CallOptions<E>] : [CallOptions<E>?]
  ): Promise<CallAnswer<E>>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The real server on loopback with a fresh database, a temporary data folder and a real SMTP receiver.
 * `env` overrides configuration (rate limits are off unless a test sets RATE_LIMIT_SCALE).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    smtpDelayMs?: number;
    /** Adds routes of the test's own before the server listens (a route that misbehaves on purpose). */
    beforeListen?: (built: App) => void;
    /** Shares realtime rooms through Redis with other servers of the same key (default: a key of its own). */
    realtimeKey?: string;
    /** A database of the test's own (one reached through a relay it can cut), instead of a fresh one. */
    database?: Awaited<ReturnType<typeof freshDatabase>>;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-test-'));
  const smtp = await startSmtpReceiver({ delayMs: options.smtpDelayMs });
  const { database, url: databaseUrl, drop } = options.database ?? (await freshDatabase());
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
    realtimeKey: options.realtimeKey ?? `rt-${randomBytes(4).toString('hex')}`,
  });
  options.beforeListen?.(built);
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

  async function call<E extends EndpointDef>(endpoint: E, options?: CallOptions<E>): Promise<CallAnswer<E>> {
    const { params, query, body, token, lang, headers } = (options ?? {}) as CallOptions<E>;
    const urlPath = `/api${buildPath(endpoint.path, params)}${queryString(query)}`;
    const answer = await request<EndpointResponse<E>>(endpoint.method, urlPath, { body, token, lang, headers });
    return { ...answer, error: answer.body as unknown as ErrorBody };
  }

  return {
    ...built,
    url,
    dataDir,
    databaseUrl,
    smtp,
    call: call as TestServer['call'],
    request,
    async close() {
      if (built.app.server.listening) await built.app.close();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

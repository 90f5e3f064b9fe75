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

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as it is instead of `body` as JSON (a multipart form, a urlencoded or an unreadable body). */
  payload?: string | FormData;
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

/**
 * What `call` sends: the contract's own parameter names, query and body types.
 *
 * A test that sends on purpose what the contract's types cannot express keeps the path from the contract and
 * says so by name: `rawBody` (sent as JSON in place of `body`: a missing or unknown field, a wrong type, an id
 * past the column) and `rawQuery` (in place of `query`: a query string as is, `'q=%00'`, or an object whose
 * values the schema refuses). A malformed path parameter goes in `params` as a string (`{ id: 'abc' }`); one
 * that percent-encoding cannot produce (`%FF`) also needs `unencodedParams`. A body that is not JSON (a
 * multipart upload, a urlencoded wallet callback, unreadable JSON, XML) goes in `payload`, its content type in
 * `headers` unless it is a `FormData`.
 */
export type CallOptions<E extends EndpointDef> = {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Malformed on purpose: sent as JSON instead of `body`, untyped. */
  rawBody?: unknown;
  /** Malformed on purpose: a query string sent as is (without `?`), or an untyped object, instead of `query`. */
  rawQuery?: string | Record<string, unknown>;
  /** Fills `:params` as written, without percent-encoding them (a malformed encoding such as `%FF`). */
  unencodedParams?: boolean;
  /** Not JSON: a `FormData` (its multipart content type is set by fetch) or a string sent as is. */
  payload?: string | FormData;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
} & (string extends E['path']
  ? // An endpoint known only as `EndpointDef` (a table over every endpoint): its parameters by name, untyped.
    { params?: Record<string, string | number> }
  : HasParams<E> extends true
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
   * compile time. Malformed input goes through its `raw*` options (see `CallOptions`), still on the contract's path.
   */
  call<E extends EndpointDef>(
    endpoint: E,
    ...options: HasParams<E> extends true ? [CallOptions<E>] : [CallOptions<E>?]
  ): Promise<CallAnswer<E>>;
  /**
   * A request to a URL outside the API: `/healthz`, `/readyz`, `/metrics`, a page. Every `/api/...` route of the
   * contract goes through `call` (ESLint refuses an `/api/` string here); an API path that is not in the
   * contract on purpose (a route that must answer 404, the generated OpenAPI document) uses `offContract`.
   */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  /** An `/api/...` path that the contract deliberately does not hold (an unknown route, `/api/openapi.json`). */
  offContract<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/**
 * `server.call` for a helper that is generic over the endpoint (where the compiler cannot tell whether the
 * endpoint has path parameters, so whether options are required): the same function, the options always given.
 */
export const callOf = (server: TestServer) =>
  server.call as <E extends EndpointDef>(endpoint: E, options: CallOptions<E>) => Promise<CallAnswer<E>>;

function queryString(query: unknown): string {
  if (typeof query === 'string') return query ? `?${query}` : '';
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
    if (options.body !== undefined && options.payload === undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const res = await fetch(`${url}${urlPath}`, {
      method,
      headers,
      body: options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
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
    const { params, query, body, rawBody, rawQuery, unencodedParams, payload, token, lang, headers } = (options ??
      {}) as CallOptions<E>;
    const filled = unencodedParams
      ? endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(params?.[name as never]))
      : buildPath(endpoint.path, params);
    const urlPath = `/api${filled}${queryString(rawQuery ?? query)}`;
    const sent = 'rawBody' in (options ?? {}) ? rawBody : body;
    const answer = await request<EndpointResponse<E>>(endpoint.method, urlPath, {
      body: sent,
      payload,
      token,
      lang,
      headers,
    });
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
    offContract: request,
    async close() {
      if (built.app.server.listening) await built.app.close();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import {
  REQUEST_TIMEOUT_MS,
  apiUrl,
  type EndpointBody,
  type EndpointDef,
  type InputArg,
  type EndpointResponse,
  type ErrorBody,
  type UrlInput,
} from '@inkwell/contracts';
import { takeEarlyRead } from './early';
import i18n from '../i18n';
import { getSession, signOut } from '../session/session';

/**
 * A failed call, with the server's translated message, field errors (`{ field: [messages] }`) and stable
 * machine `code` (`ERROR_CODES`, or a reason such as `auth.not_activated`; `network`, `timeout`,
 * `cancelled` or `unknown` when no answer carried one), so a screen can tell "not activated" from "forbidden".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code: string = 'unknown',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A call's input: `params` named by the endpoint's path (`params: { id }` for `:id`, none without), query, body. */
export type CallInput<E extends EndpointDef> = UrlInput<E> & {
  body?: EndpointBody<E>;
  /** Uploads set their own (none); everything else gives up after 30 s. */
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** Sent even as the page goes away (a draft saved when the tab closes): small bodies only (64 KB). */
  keepalive?: boolean;
};

/** Set only while the server renders a signed-in screen (src/prerender.tsx): its reads, with the reader's token. */
let serverReads: ((url: string) => Promise<Response>) | null = null;

/** For the server render alone: every GET goes through `read` (it adds the credentials), nothing else is sent. */
export function setServerReads(read: ((url: string) => Promise<Response>) | null): void {
  serverReads = read;
}

/** Calls one contract endpoint: path, method and types come from the contract, never typed by hand. */
export async function call<E extends EndpointDef>(
  endpoint: E,
  ...[given]: InputArg<E, CallInput<E>>
): Promise<EndpointResponse<E>> {
  const input = (given ?? {}) as CallInput<EndpointDef>;
  const session = getSession();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.language || 'en',
  };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = input.timeoutMs === undefined ? REQUEST_TIMEOUT_MS : input.timeoutMs;
  const signals = [input.signal, timeout ? AbortSignal.timeout(timeout) : undefined].filter((s): s is AbortSignal =>
    Boolean(s),
  );

  const url = apiUrl(endpoint as EndpointDef, input);
  const early = endpoint.method === 'GET' ? takeEarlyRead(url, session?.token) : undefined;
  let response: Response;
  try {
    if (serverReads && endpoint.method !== 'GET') throw new Error('the server render only reads');
    response = await (early ??
      serverReads?.(url) ??
      fetch(url, {
        method: endpoint.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: signals.length ? AbortSignal.any(signals) : undefined,
        keepalive: input.keepalive,
      }));
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new ApiError(0, i18n.t(timedOut ? 'errors.timeout' : 'errors.network'), {}, timedOut ? 'timeout' : 'network');
  }

  if (response.status === 204) return undefined as EndpointResponse<E>;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    // A revoked or expired token: forget it so the guard sends the person to sign in.
    if (response.status === 401 && session && getSession()?.token === session.token) signOut();
    throw new ApiError(response.status, error.message ?? i18n.t('errors.unknown'), error.errors ?? {}, error.code);
  }
  return body as EndpointResponse<E>;
}

/** The first field error of each field, as Mantine's form `setErrors` takes them. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list.join(' ')]));
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : i18n.t('errors.unknown');

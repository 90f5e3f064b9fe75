import { vi } from 'vitest';

/** A request as the tus endpoint received it. */
export interface TusRequest {
  method: string;
  url: string;
  /** By lower-case name. */
  headers: Record<string, string>;
  /** Bytes in the body (a PATCH's chunk). */
  bytes: number;
}

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

interface Held {
  length: number;
  offset: number;
}

/**
 * For upload tests: a tus 1.0 endpoint (creation, HEAD, PATCH, DELETE) behind a stand-in XMLHttpRequest, which
 * tus-js-client's browser build sends through. Records every request; the last PATCH answers `finished` as JSON,
 * and so does a GET of a finished upload's address afterwards (through a stand-in `fetch`), as the server does for
 * a client whose last answer was lost. `refuse` answers a request instead of the endpoint (a 413, say); `drop`
 * makes one fail like a lost connection before it arrives, `lose` after the endpoint has acted on it (its answer
 * is what is lost).
 */
export function serveTus(finished: unknown) {
  const server = {
    requests: [] as TusRequest[],
    uploads: new Map<string, Held>(),
    refuse: undefined as ((request: TusRequest) => Answer | undefined) | undefined,
    drop: undefined as ((request: TusRequest) => boolean) | undefined,
    lose: undefined as ((request: TusRequest) => boolean) | undefined,
    /** Called after each answer, e.g. to abort or pause between chunks. */
    after: undefined as ((request: TusRequest) => void) | undefined,
  };
  let next = 0;

  const answer = (request: TusRequest): Answer => {
    const refused = server.refuse?.(request);
    if (refused) return refused;
    const tus = { 'Tus-Resumable': '1.0.0' };
    if (request.method === 'POST') {
      const id = `u${++next}`;
      server.uploads.set(id, { length: Number(request.headers['upload-length']), offset: 0 });
      return { status: 201, headers: { ...tus, Location: `/api/uploads/tus/${id}` } };
    }
    const held = server.uploads.get(request.url.split('/').pop()!);
    if (!held) return { status: 404, body: { code: 'not_found', message: 'No such upload.' } };
    if (request.method === 'HEAD')
      return {
        status: 200,
        headers: { ...tus, 'Upload-Offset': String(held.offset), 'Upload-Length': String(held.length) },
      };
    if (request.method === 'GET')
      return held.offset === held.length
        ? { status: 200, body: finished }
        : { status: 404, body: { code: 'not_found', message: 'No such upload.' } };
    if (request.method === 'DELETE') {
      server.uploads.delete(request.url.split('/').pop()!);
      return { status: 204, headers: tus };
    }
    if (Number(request.headers['upload-offset']) !== held.offset) return { status: 409 };
    held.offset += request.bytes;
    return {
      status: 204,
      headers: { ...tus, 'Upload-Offset': String(held.offset) },
      ...(held.offset === held.length && { status: 200, body: finished }),
    };
  };

  class TusXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: (e: unknown) => void;
    status = 0;
    responseText = '';
    private request: TusRequest = { method: '', url: '', headers: {}, bytes: 0 };
    private answered: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.request = { method, url, headers: {}, bytes: 0 };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      const found = Object.entries(this.answered).find(([key]) => key.toLowerCase() === name.toLowerCase());
      return found ? found[1] : null;
    }
    send(body: Blob | null) {
      this.request.bytes = body?.size ?? 0;
      const request = this.request;
      setTimeout(() => {
        if (this.aborted) return;
        server.requests.push(request);
        if (server.drop?.(request)) {
          this.onerror?.(new Error('connection dropped'));
          return;
        }
        if (request.bytes)
          this.upload.onprogress?.({ lengthComputable: true, loaded: request.bytes, total: request.bytes });
        const { status, headers = {}, body } = answer(request);
        if (server.lose?.(request)) {
          this.onerror?.(new Error('connection dropped'));
          return;
        }
        this.status = status;
        this.answered = headers;
        this.responseText = body === undefined ? '' : JSON.stringify(body);
        this.onload?.();
        server.after?.(request);
      }, 0);
    }
    abort() {
      this.aborted = true;
    }
  }
  vi.stubGlobal('XMLHttpRequest', TusXhr);
  // Only an upload's address is this endpoint's: anything else goes where it went before (a test's own stand-in).
  const previousFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!String(url).includes('/api/uploads/tus/')) return previousFetch(url, init);
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    );
    const request: TusRequest = { method: init.method ?? 'GET', url: String(url), headers, bytes: 0 };
    server.requests.push(request);
    const { status, headers: answered = {}, body } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: answered });
  });
  return server;
}

/** `Upload-Metadata` read back: `key base64(value)` pairs, comma-separated. */
export const tusMetadata = (header: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key, value = ''] = pair.trim().split(' ');
        return [key!, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
      }),
  );

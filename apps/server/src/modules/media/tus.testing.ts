/**
 * A tus 1.0 client for the resumable-upload tests (not part of the server): plain requests, so each test says
 * exactly what is sent and reads exactly what is answered.
 */
import { TUS_PATH } from '@inkwell/contracts';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

export interface Sent {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** `Upload-Metadata`: keys with base64 values. */
export const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export const idOf = (location: string | null) => location!.split('/').pop()!;

/** The client of the server `server()` answers (a getter: the server starts in a `beforeAll`). */
export function tusClient(server: () => TestServer) {
  const endpoint = () => `${server().url}/api${TUS_PATH}`;

  async function send(method: string, url: string, o: Sent & { body?: Buffer } = {}): Promise<Answer> {
    const res = await fetch(url, {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.lang ? { 'accept-language': o.lang } : {}),
        ...(o.body ? { 'content-type': 'application/offset+octet-stream' } : {}),
        ...o.headers,
      },
      body: o.body,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body };
  }

  /** `POST`: a new upload of `length` bytes of this kind; `url` is where it continues. */
  async function create(token: string | undefined, kind: string, length: number, o: Sent & { meta?: object } = {}) {
    const answer = await send('POST', endpoint(), {
      ...o,
      token,
      headers: {
        'upload-length': String(length),
        'upload-metadata': metadata({ kind, filename: `file.${kind}`, ...o.meta }),
        ...o.headers,
      },
    });
    const location = answer.headers.get('location');
    return { ...answer, location, url: location ? `${server().url}${location}` : '' };
  }

  const patch = (token: string | undefined, url: string, offset: number, bytes: Buffer, o: Sent = {}) =>
    send('PATCH', url, { ...o, token, body: bytes, headers: { 'upload-offset': String(offset), ...o.headers } });

  /** Uploads these bytes in PATCHes of about `chunks` equal parts; answers each PATCH. */
  async function uploadInChunks(token: string, url: string, bytes: Buffer, chunks: number) {
    const size = Math.ceil(bytes.length / chunks);
    const answers: Answer[] = [];
    for (let offset = 0; offset < bytes.length; offset += size) {
      answers.push(await patch(token, url, offset, bytes.subarray(offset, offset + size)));
    }
    return answers;
  }

  /** A person with an approved creator account on this plan: may upload audio and video. */
  async function creator(plan = 'studio') {
    const person = await signedIn(server());
    await createCreatorAccount(server().ctx.db, person.user.id);
    await subscribeToPlan(server().ctx.db, person.user.id, plan);
    return person;
  }

  return {
    endpoint,
    send,
    create,
    patch,
    uploadInChunks,
    creator,
    head: (token: string | undefined, url: string, o: Sent = {}) => send('HEAD', url, { ...o, token }),
    terminate: (token: string | undefined, url: string) => send('DELETE', url, { token }),
    /** `GET`: what a finished upload answered. */
    answerOf: (token: string | undefined, url: string, o: Sent = {}) => send('GET', url, { ...o, token }),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { mediaApi } from '@inkwell/contracts';
import { callOf, type TestServer } from './harness';

export interface UploadOptions {
  fields?: Record<string, string>;
  /** The form field carrying the file (`file` unless a test sends it elsewhere). */
  field?: string;
  /** The file name sent, when it should differ from the file on disk. */
  name?: string;
  lang?: string;
}

/** The contract's upload endpoints: an image, audio, a video. */
export type UploadEndpoint = typeof mediaApi.uploadImage | typeof mediaApi.uploadAudio | typeof mediaApi.uploadVideo;

/** A multipart upload as the browser sends it. */
export async function uploadFile<E extends UploadEndpoint>(
  server: TestServer,
  auth: string,
  endpoint: E,
  file: string,
  o: UploadOptions = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(o.fields ?? {})) form.append(k, v);
  form.append(o.field ?? 'file', new Blob([fs.readFileSync(file)]), o.name ?? path.basename(file));
  return callOf(server)(endpoint, { payload: form, token: auth, lang: o.lang });
}

/** Polls the upload check until the file leaves `processing`. */
export async function settle(server: TestServer, auth: string, file: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.call(mediaApi.check, { query: { file }, token: auth });
    if (res.body.status !== 'processing') return res.body;
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Polls the upload check until its transcode has ended: failed, or processed with every rendition stored
 * (progress 100; a video is processed, and playable, before its top renditions are made).
 */
export async function finish(server: TestServer, auth: string, file: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.call(mediaApi.check, { query: { file }, token: auth });
    if (res.body.status === 'failed' || (res.body.status === 'processed' && res.body.progress === 100)) return res.body;
    if (Date.now() > deadline) throw new Error(`still transcoding: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

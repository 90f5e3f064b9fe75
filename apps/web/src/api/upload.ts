import {
  TUS_CHUNK_BYTES,
  TUS_PATH,
  mediaApi,
  type ErrorBody,
  type ImageKind,
  type TusFinished,
  type TusKind,
  type UploadedImage,
} from '@inkwell/contracts';
import type { DetailedError as TusDetailedError, UploadOptions as TusUploadOptions } from 'tus-js-client';
import i18n from '../i18n';
import { getSession } from '../session/session';
import { ApiError } from './client';
import {
  percentOf,
  rateMeter,
  transfer,
  type Transfer,
  type TransferPhase,
  type UploadOptions,
} from './uploadProgress';

export { UploadControl, rateMeter, type Transfer, type TransferPhase, type UploadOptions } from './uploadProgress';

/** The answer of an audio or video upload: the file's name, to follow its processing by. */
export type UploadedMedia = Exclude<TusFinished, UploadedImage>;

/**
 * Files up to this size go up in one multipart request (the old routes): a failure costs a few seconds of a slow
 * link, less than the resumable protocol's extra round trips.
 */
export const RESUMABLE_FROM_BYTES = 512 * 1024;

/** After a dropped connection: at once, then ever longer, about a minute and a half in all while online. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

const requestHeaders = (): Record<string, string> => {
  const session = getSession();
  return {
    accept: 'application/json',
    'accept-language': i18n.language || 'en',
    ...(session && { authorization: `Bearer ${session.token}` }),
  };
};

const cancelled = () => new ApiError(0, i18n.t('media.cancelled'), {}, 'cancelled');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromBody(status: number, text: string): ApiError {
  const error = (parseJson(text) ?? {}) as Partial<ErrorBody>;
  return new ApiError(status, error.message ?? i18n.t('errors.unknown'), error.errors ?? {}, error.code);
}

/**
 * A multipart upload with progress (fetch cannot report upload progress; XHR can). No timeout: a large
 * video on a slow connection takes as long as it takes.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number, transfer: Transfer) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const meter = rateMeter();
    let total = 0;
    xhr.open('POST', `/api${path}`);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      total = event.total;
      onProgress(
        percentOf(event.loaded, event.total),
        transfer(event.loaded, event.total, meter.add(event.loaded), false),
      );
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100, transfer(total, total, null, false));
        resolve(parseJson(xhr.responseText) as T);
      } else reject(errorFromBody(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('errors.network'), {}, 'network'));
    xhr.onabort = () => reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** A multipart upload that the control's Cancel stops too (there is nothing to pause in one request). */
function multipart<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  const cancel = new AbortController();
  options.control?.bind({ cancel: () => cancel.abort() });
  const signal = options.signal ? AbortSignal.any([options.signal, cancel.signal]) : cancel.signal;
  return uploadWithProgress<T>(path, form, (percent, t) => options.onProgress?.(percent, t), signal);
}

/**
 * One file over tus 1.0 (`TUS_PATH`): in chunks, retried after a dropped connection, waiting while the browser is
 * offline, paused and resumed through `control`. The upload's address is kept on this device, so choosing the same
 * file again (after a reload, or after leaving the screen) goes on from what the server already has. Answers what
 * the last chunk's response says: an image's URL and sizes, an audio's or video's file name.
 */
export async function resumableUpload<T extends TusFinished>(
  kind: TusKind,
  file: File,
  options: UploadOptions = {},
): Promise<T> {
  if (options.signal?.aborted) throw cancelled();
  // Loaded as an upload starts, never with a screen: no first visit carries the protocol.
  const tus = await import('tus-js-client');
  if (options.signal?.aborted) throw cancelled();
  for (let fresh = false; ; fresh = true) {
    const sent = await sendOverTus<T>(tus, kind, file, options, !fresh);
    if (!('lostAt' in sent)) return sent;
    // The server had every byte but its answer was lost (the connection dropped, or the tab closed, during the last
    // chunk): it keeps the answer for a while, and only without it is the file sent again.
    const kept = await keptAnswer<T>(sent.lostAt, options.signal);
    if (kept) return kept;
    if (fresh) throw new ApiError(0, i18n.t('errors.unknown'));
  }
}

/** A finished upload whose answer did not arrive: where to ask for it. */
type AnswerLost = { lostAt: string };

/** Asking again at once, then after a moment: a link that just dropped the answer may drop the question too. */
const ASK_AGAIN_DELAYS = [0, 1000, 3000];

/**
 * What a finished upload answered, asked of its address (`GET`, its owner only), or undefined when the server no
 * longer has it (or never kept it).
 */
async function keptAnswer<T extends TusFinished>(url: string, signal?: AbortSignal): Promise<T | undefined> {
  for (const delay of ASK_AGAIN_DELAYS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (signal?.aborted) throw cancelled();
    try {
      const res = await fetch(url, { headers: requestHeaders(), signal });
      if (res.status >= 500 || res.status === 423) continue;
      if (!res.ok) return undefined;
      const body = parseJson(await res.text());
      return isFinished(body) ? (body as T) : undefined;
    } catch {
      if (signal?.aborted) throw cancelled();
    }
  }
  return undefined;
}

/** Whether a response body is what a finished upload answers: an image's URL or an audio's or video's file. */
function isFinished(body: unknown): body is TusFinished {
  const answer = body as Partial<UploadedImage & UploadedMedia> | undefined;
  return typeof answer?.url === 'string' || typeof answer?.file === 'string';
}

function sendOverTus<T extends TusFinished>(
  tus: Tus,
  kind: TusKind,
  file: File,
  { onProgress, onPhase, onResumeFrom, signal, control }: UploadOptions,
  resume: boolean,
): Promise<T | AnswerLost> {
  return new Promise((resolve, reject) => {
    const meter = rateMeter();
    let phase = 'uploading' as TransferPhase;
    let settled = false;
    let lastMethod = '';
    let pickedUp = false;
    // Until the lookup of an earlier try is done, Resume leaves the start to it.
    let looked = false;
    let stopWaiting = () => {};

    const setPhase = (next: TransferPhase) => {
      if (next === phase || settled) return;
      phase = next;
      meter.reset();
      onPhase?.(next);
    };
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      stopWaiting();
      signal?.removeEventListener('abort', onAbort);
      control?.bind({});
      done();
    };

    const upload = new tus.Upload(file, {
      ...tusOptions(tus, kind, file),
      onAfterResponse: (req, res) => {
        lastMethod = req.getMethod();
        if (pickedUp && lastMethod === 'HEAD' && res.getStatus() === 200) {
          pickedUp = false;
          const offset = Number(res.getHeader('Upload-Offset'));
          if (offset > 0 && offset < file.size) {
            onResumeFrom?.(percentOf(offset, file.size));
            onProgress?.(percentOf(offset, file.size), transfer(offset, file.size, null, true));
          }
        }
      },
      onProgress: (bytesSent, bytesTotal) => {
        if (phase === 'paused' || settled) return;
        setPhase('uploading');
        onProgress?.(percentOf(bytesSent, bytesTotal), transfer(bytesSent, bytesTotal, meter.add(bytesSent), true));
      },
      onShouldRetry: (error) => {
        // Refused (too large, over quota, not a creator…): asking again gets the same answer.
        if (!transient(error)) return false;
        // Offline, retries would be spent in a few seconds; onError waits for the connection instead.
        if (!navigator.onLine) return false;
        // No answer, or a failing server: the person sees it wait. A 409 or 423 is only the protocol catching up.
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status < 400 || status >= 500) setPhase('offline');
        return true;
      },
      onError: (error) => {
        if (error instanceof tus.DetailedError && transient(error) && !navigator.onLine) {
          setPhase('offline');
          stopWaiting();
          stopWaiting = whenOnline(() => {
            setPhase('uploading');
            upload.start();
          });
          return;
        }
        settle(() => reject(tusError(tus, error)));
      },
      onSuccess: ({ lastResponse }) => {
        const body = parseJson(lastResponse.getBody());
        if (isFinished(body)) settle(() => resolve(body as T));
        // Found whole when resuming (HEAD): the last chunk had arrived, its answer had not.
        else if (lastMethod === 'HEAD' && upload.url) settle(() => resolve({ lostAt: upload.url! }));
        else settle(() => reject(new ApiError(lastResponse.getStatus(), i18n.t('errors.unknown'))));
      },
    });

    function onAbort() {
      // Kept on the server and on this device: choosing the file again goes on from there.
      void upload.abort();
      settle(() => reject(cancelled()));
    }
    signal?.addEventListener('abort', onAbort);
    control?.bind({
      pause: () => {
        if (phase === 'paused' || settled) return;
        stopWaiting();
        void upload.abort();
        setPhase('paused');
      },
      resume: () => {
        if (phase !== 'paused' || settled) return;
        setPhase('uploading');
        if (looked) upload.start();
      },
      cancel: () => {
        if (settled) return;
        // Best effort: an upload the server keeps anyway expires a day after its last byte.
        upload.abort(true).catch(() => undefined);
        settle(() => reject(cancelled()));
      },
    });

    void (async () => {
      pickedUp = resume && (await pickUpEarlierTry(upload));
      looked = true;
      if (settled) return;
      // Before the first byte: the bar shows the size and the Pause button at once.
      if (phase !== 'paused') onProgress?.(0, transfer(0, file.size, null, true));
      if (phase !== 'paused') upload.start();
    })();
  });
}

type Tus = typeof import('tus-js-client');

/** Calls `then` once the browser is back online; answers how to stop waiting. */
function whenOnline(then: () => void): () => void {
  window.addEventListener('online', then, { once: true });
  return () => window.removeEventListener('online', then);
}

/** What every request of an upload carries, and how the upload is found again on this device. */
function tusOptions(tus: Tus, kind: TusKind, file: File): TusUploadOptions {
  return {
    endpoint: `/api${TUS_PATH}`,
    chunkSize: TUS_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { kind, filename: file.name },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Someone else's upload on a shared device, or the same picture sent as another kind, is not picked up.
    fingerprint: async (input, options) =>
      `${await tus.defaultOptions.fingerprint(input, options)}-${kind}-${getSession()?.id ?? 'guest'}`,
    // At each request, not once: a language switched or a session renewed during a long upload applies.
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(requestHeaders())) req.setHeader(name, value);
    },
  };
}

/** Goes on from the latest earlier try of the same file that this device kept, if there is one. */
async function pickUpEarlierTry(upload: InstanceType<Tus['Upload']>): Promise<boolean> {
  const previous = await upload.findPreviousUploads().catch(() => []);
  const latest = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
  if (latest) upload.resumeFromPreviousUpload(latest);
  return Boolean(latest);
}

/** A dropped connection or a busy server, worth trying again; not a refusal (409 and 423 say "try again"). */
function transient(error: TusDetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status < 400 || status >= 500 || status === 409 || status === 423;
}

/** What went wrong, as the API client says it: the server's translated message, or a dropped connection. */
function tusError(tus: Tus, error: Error): ApiError {
  if (!(error instanceof tus.DetailedError)) return new ApiError(0, i18n.t('errors.unknown'));
  const response = error.originalResponse;
  if (!response) return new ApiError(0, i18n.t('errors.network'), {}, 'network');
  return errorFromBody(response.getStatus(), response.getBody());
}

/** Uploads one image of a kind (photos, avatars…) and answers its URL; a large one goes up resumably. */
export async function uploadImage(
  kind: ImageKind,
  file: File,
  onProgress: (percent: number, transfer: Transfer) => void,
  signal?: AbortSignal,
  options: Omit<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<string> {
  if (file.size > RESUMABLE_FROM_BYTES)
    return (await resumableUpload<UploadedImage>(kind, file, { ...options, onProgress, signal })).url;
  const form = new FormData();
  form.append('type', kind);
  form.append('url', file);
  return (await multipart<{ url: string }>(mediaApi.uploadImage.path, form, { ...options, onProgress, signal })).url;
}

/** Uploads an audio or video file for processing; a large one goes up resumably. */
export async function uploadMedia(
  kind: 'audio' | 'video',
  file: File,
  options: UploadOptions = {},
): Promise<UploadedMedia> {
  if (file.size > RESUMABLE_FROM_BYTES) return resumableUpload<UploadedMedia>(kind, file, options);
  const form = new FormData();
  form.append('file', file);
  return multipart<UploadedMedia>((kind === 'audio' ? mediaApi.uploadAudio : mediaApi.uploadVideo).path, form, options);
}

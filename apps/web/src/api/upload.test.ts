import { TUS_CHUNK_BYTES } from '@inkwell/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { signIn, signOut } from '../session/session';
import { sessionUser } from '../test/fixtures';
import { serveTus, tusMetadata } from '../test/tusServer';
import { ApiError } from './client';
import { rateMeter, resumableUpload, UploadControl, uploadImage, type TransferPhase } from './upload';

const MEDIA = { file: 'v1', status: 'processing' };
// Two and a half chunks: three PATCHes, the last one short.
const clip = () =>
  new File([new Uint8Array(TUS_CHUNK_BYTES * 2.5)], 'harbour walk.mp4', { type: 'video/mp4', lastModified: 1 });

beforeEach(() => signIn('token-abc', sessionUser({ id: 7 })));
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('resumableUpload (tus)', () => {
  it('sends the kind and file name as metadata, the Bearer token and the language on every request, in chunks', async () => {
    const server = serveTus(MEDIA);
    const percents: number[] = [];
    const answer = await resumableUpload('video', clip(), { onProgress: (percent) => percents.push(percent) });

    expect(answer).toEqual(MEDIA);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    const [create, ...chunks] = server.requests;
    expect(create!.url).toBe('/api/uploads/tus');
    expect(create!.headers['upload-length']).toBe(String(TUS_CHUNK_BYTES * 2.5));
    expect(tusMetadata(create!.headers['upload-metadata'])).toEqual({ kind: 'video', filename: 'harbour walk.mp4' });
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe('Bearer token-abc');
      expect(request.headers['accept-language']).toBe('en');
      expect(request.headers['tus-resumable']).toBe('1.0.0');
    }
    expect(chunks.map((c) => c.bytes)).toEqual([TUS_CHUNK_BYTES, TUS_CHUNK_BYTES, TUS_CHUNK_BYTES / 2]);
    expect(percents.at(-1)).toBe(100);
    // Done: the file chosen again is a new upload, not the finished one.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('picks up an earlier try of the same file where the server stopped (after a reload), and says from where', async () => {
    const server = serveTus(MEDIA);
    const left = new AbortController();
    server.after = (request) => {
      if (request.method === 'PATCH') left.abort();
    };
    await expect(resumableUpload('video', clip(), { signal: left.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);

    // The page is reloaded: only what this device stored is left, and the same file is chosen again.
    server.after = undefined;
    server.requests.length = 0;
    const resumedFrom = vi.fn();
    const answer = await resumableUpload('video', clip(), { onResumeFrom: resumedFrom });

    expect(answer).toEqual(MEDIA);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'HEAD /api/uploads/tus/u1',
      'PATCH /api/uploads/tus/u1',
      'PATCH /api/uploads/tus/u1',
    ]);
    expect(server.requests[1]!.headers['upload-offset']).toBe(String(TUS_CHUNK_BYTES));
    expect(resumedFrom).toHaveBeenCalledWith(40);
  });

  it('does not pick up the same file sent as another kind or by someone else on this device', async () => {
    const server = serveTus({ url: '/uploads/a.webp', width: 1, height: 1, widths: [] });
    const left = new AbortController();
    server.after = (request) => {
      if (request.method === 'PATCH') left.abort();
    };
    await resumableUpload('covers', clip(), { signal: left.signal }).catch(() => undefined);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);

    server.after = undefined;
    server.requests.length = 0;
    await resumableUpload('photos', clip());
    expect(server.requests[0]!.method).toBe('POST');

    signIn('token-other', sessionUser({ id: 8 }));
    server.requests.length = 0;
    await resumableUpload('covers', clip());
    expect(server.requests[0]!.method).toBe('POST');
  });

  it('asks the server for the answer when it got the last chunk but its answer was lost', async () => {
    const server = serveTus(MEDIA);
    let lost = false;
    // The last chunk arrives, but the connection drops before its answer: the server holds a finished upload.
    server.lose = (request) => request.method === 'PATCH' && request.bytes < TUS_CHUNK_BYTES && !lost && (lost = true);
    const percents: number[] = [];
    const answer = await resumableUpload('video', clip(), { onProgress: (percent) => percents.push(percent) });
    expect(answer).toEqual(MEDIA);
    // Asking again finds it whole; its answer is fetched, not the file sent again.
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH', 'HEAD', 'GET']);
    const asked = server.requests.at(-1)!;
    expect(asked.url).toBe('/api/uploads/tus/u1');
    expect(asked.headers.authorization).toBe('Bearer token-abc');
    expect(asked.headers['accept-language']).toBe('en');
    expect(percents.at(-1)).toBe(100);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('sends the file again when the server got it all but no longer has its answer', async () => {
    const server = serveTus(MEDIA);
    let lost = false;
    server.lose = (request) => request.method === 'PATCH' && request.bytes < TUS_CHUNK_BYTES && !lost && (lost = true);
    // An answer kept no more (a day later), or a server that never kept it.
    server.refuse = (request) =>
      request.method === 'GET' ? { status: 404, body: { code: 'not_found', message: 'Not found.' } } : undefined;
    const answer = await resumableUpload('video', clip());
    expect(answer).toEqual(MEDIA);
    expect(server.requests.map((r) => r.method)).toEqual([
      ...['POST', 'PATCH', 'PATCH', 'PATCH', 'HEAD', 'GET'],
      ...['POST', 'PATCH', 'PATCH', 'PATCH'],
    ]);
  });

  it('answers a refusal with the server’s message, without asking again', async () => {
    const server = serveTus(MEDIA);
    server.refuse = (request) =>
      request.method === 'POST'
        ? { status: 413, body: { code: 'too_large', message: 'This file is larger than 500 MB.' } }
        : undefined;
    const error = await resumableUpload('video', clip()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'too_large', message: 'This file is larger than 500 MB.' });
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('tries again after a dropped connection and goes on from what the server kept', async () => {
    const server = serveTus(MEDIA);
    let dropped = 0;
    server.drop = (request) => request.method === 'PATCH' && request.headers['upload-offset'] !== '0' && dropped++ < 1;
    const phases: TransferPhase[] = [];
    const answer = await resumableUpload('video', clip(), { onPhase: (phase) => phases.push(phase) });
    expect(answer).toEqual(MEDIA);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'PATCH']);
    expect(phases).toEqual(['offline', 'uploading']);
  });

  it('waits while the browser is offline and goes on once it is back online', async () => {
    const server = serveTus(MEDIA);
    const online = vi.spyOn(navigator, 'onLine', 'get');
    let dropped = false;
    server.drop = (request) => {
      if (request.method !== 'PATCH' || request.headers['upload-offset'] === '0' || dropped) return false;
      dropped = true;
      online.mockReturnValue(false);
      return true;
    };
    const phases: TransferPhase[] = [];
    const done = resumableUpload('video', clip(), { onPhase: (phase) => phases.push(phase) });
    await vi.waitFor(() => expect(phases).toEqual(['offline']));
    // Retries would only fail while offline: nothing is sent until the connection is back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sentWhileOffline = server.requests.length;
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH']);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await done).toEqual(MEDIA);
    expect(server.requests.slice(sentWhileOffline).map((r) => r.method)).toEqual(['HEAD', 'PATCH', 'PATCH']);
    expect(phases).toEqual(['offline', 'uploading']);
    online.mockRestore();
  });

  it('pauses between chunks and resumes from the server’s offset; cancel drops the upload on the server', async () => {
    const server = serveTus(MEDIA);
    const control = new UploadControl();
    server.after = (request) => {
      if (request.method === 'PATCH') control.pause();
    };
    const phases: TransferPhase[] = [];
    const done = resumableUpload('video', clip(), { control, onPhase: (phase) => phases.push(phase) });
    await vi.waitFor(() => expect(phases).toEqual(['paused']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);

    server.after = undefined;
    control.resume();
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(3));
    expect(server.requests[2]!.method).toBe('HEAD');
    expect(await done).toEqual(MEDIA);

    // A second file, cancelled: the server is told to drop it.
    server.requests.length = 0;
    const cancel = new UploadControl();
    server.after = (request) => {
      if (request.method === 'PATCH') cancel.cancel();
    };
    await expect(resumableUpload('video', clip(), { control: cancel })).rejects.toMatchObject({ code: 'cancelled' });
    await vi.waitFor(() => expect(server.requests.at(-1)?.method).toBe('DELETE'));
    expect(server.uploads.has('u2')).toBe(false);
  });

  it('keeps small images on the multipart route', async () => {
    const server = serveTus(null);
    const sent: string[] = [];
    class Multipart {
      upload = {};
      onload?: () => void;
      status = 200;
      responseText = JSON.stringify({ url: '/uploads/small.webp' });
      open(method: string, url: string) {
        sent.push(`${method} ${url}`);
      }
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', Multipart);
    const small = new File([new Uint8Array(1000)], 'small.png', { type: 'image/png' });
    expect(await uploadImage('photos', small, () => undefined)).toBe('/uploads/small.webp');
    expect(sent).toEqual(['POST /api/upload']);
    expect(server.requests).toEqual([]);
  });
});

describe('rateMeter', () => {
  it('measures over the last seconds, says nothing before a second, and starts over when bytes go back', () => {
    let now = 0;
    const meter = rateMeter(5000, () => now);
    expect(meter.add(0)).toBeNull();
    now = 500;
    expect(meter.add(50_000)).toBeNull();
    now = 1000;
    expect(meter.add(100_000)).toBe(100_000);
    // A slower link: after the window has passed, only the recent speed counts.
    for (let t = 2000; t <= 9000; t += 1000) {
      now = t;
      meter.add(100_000 + (t - 1000) * 10);
    }
    expect(meter.add(100_000 + 8000 * 10)).toBeCloseTo(10_000, -2);
    // A retry sent bytes again: no negative speed.
    now = 10_000;
    expect(meter.add(50_000)).toBeNull();
  });
});

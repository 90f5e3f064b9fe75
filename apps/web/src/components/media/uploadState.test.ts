import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../api/upload';
import { formatClock, isBusy, isSending, uploadReducer, type UploadState } from './uploadState';

const run = (events: Parameters<typeof uploadReducer>[1][], from: UploadState = { phase: 'idle' }) =>
  events.reduce(uploadReducer, from);

describe('upload state machine', () => {
  it('images: idle → uploading with progress 0–100 → done; remove clears', () => {
    const uploading = run([{ type: 'start' }, { type: 'progress', progress: 42 }]);
    expect(uploading).toEqual({ phase: 'uploading', progress: 42 });
    expect(isBusy(uploading)).toBe(true);
    expect(run([{ type: 'start' }, { type: 'progress', progress: 140 }])).toEqual({
      phase: 'uploading',
      progress: 100,
    });
    const done = run([
      { type: 'start' },
      { type: 'progress', progress: 100 },
      { type: 'uploaded', url: '/uploads/a.webp' },
    ]);
    expect(done).toEqual({ phase: 'done', url: '/uploads/a.webp', file: undefined });
    expect(isBusy(done)).toBe(false);
    expect(uploadReducer(done, { type: 'remove' })).toEqual({ phase: 'idle' });
  });

  it('processing progress only moves forward when pushed and polled answers cross', () => {
    const at = (progress: number) => ({ type: 'status' as const, status: 'processing', url: null, progress });
    const processing = run([{ type: 'start' }, { type: 'uploaded', file: 'v' }, at(70), at(40)]);
    expect(processing).toEqual({ phase: 'processing', file: 'v', progress: 70 });
  });

  it('a failed upload keeps the server message', () => {
    expect(run([{ type: 'start' }, { type: 'fail', error: 'Too large' }])).toEqual({
      phase: 'failed',
      error: 'Too large',
    });
  });

  it('audio/video: uploaded → processing (with server progress) → processed with the url and poster', () => {
    const processing = run([{ type: 'start' }, { type: 'uploaded', file: 'abc' }]);
    expect(processing).toEqual({ phase: 'processing', file: 'abc', progress: 0 });
    expect(isBusy(processing)).toBe(true);
    const halfway = uploadReducer(processing, { type: 'status', status: 'processing', url: null, progress: 50 });
    expect(halfway).toEqual({ phase: 'processing', file: 'abc', progress: 50 });
    expect(
      uploadReducer(halfway, {
        type: 'status',
        status: 'processed',
        url: '/uploads/v.mp4',
        progress: 100,
        posterUrl: '/uploads/v.jpg',
      }),
    ).toEqual({
      phase: 'done',
      url: '/uploads/v.mp4',
      file: 'abc',
      posterUrl: '/uploads/v.jpg',
    });
  });

  it('any other status ends processing as failed', () => {
    const processing: UploadState = { phase: 'processing', file: 'abc', progress: 10 };
    expect(
      uploadReducer(processing, { type: 'status', status: 'failed', url: null, progress: 10, error: 'damaged' }),
    ).toEqual({ phase: 'failed', error: 'damaged' });
    expect(uploadReducer(processing, { type: 'status', status: 'weird', url: null, progress: 10 }).phase).toBe(
      'failed',
    );
  });
});

describe('resumable uploads: pause, a dropped connection, an earlier try picked up', () => {
  const moving: Transfer = {
    sent: 3_200_000,
    total: 48_000_000,
    bytesPerSecond: 420_000,
    secondsLeft: 107,
    resumable: true,
  };

  it('progress carries bytes, speed and time left', () => {
    expect(run([{ type: 'start' }, { type: 'progress', progress: 7, transfer: moving }])).toEqual({
      phase: 'uploading',
      progress: 7,
      transfer: moving,
    });
  });

  it('paused: still busy, keeps how far it came but not a speed that no longer holds; resume goes on', () => {
    const paused = run([
      { type: 'start' },
      { type: 'progress', progress: 7, transfer: moving },
      { type: 'phase', phase: 'paused' },
    ]);
    expect(paused).toEqual({
      phase: 'paused',
      progress: 7,
      transfer: { ...moving, bytesPerSecond: null, secondsLeft: null },
    });
    expect(isBusy(paused)).toBe(true);
    expect(isSending(paused)).toBe(true);
    // A report already on its way when Pause was pressed does not undo the pause.
    expect(uploadReducer(paused, { type: 'progress', progress: 8, transfer: moving })).toBe(paused);
    const resumed = uploadReducer(paused, { type: 'phase', phase: 'uploading' });
    expect(resumed.phase).toBe('uploading');
    expect(uploadReducer(resumed, { type: 'progress', progress: 9, transfer: moving })).toMatchObject({
      phase: 'uploading',
      progress: 9,
    });
  });

  it('offline: waits for the connection, busy; bytes moving again end the wait', () => {
    const waiting = run([{ type: 'start' }, { type: 'progress', progress: 30 }, { type: 'phase', phase: 'offline' }]);
    expect(waiting).toEqual({ phase: 'offline', progress: 30 });
    expect(isBusy(waiting)).toBe(true);
    expect(uploadReducer(waiting, { type: 'progress', progress: 31 })).toEqual({ phase: 'uploading', progress: 31 });
    // Paused while waiting: it stays paused when the connection returns.
    const paused = uploadReducer(waiting, { type: 'phase', phase: 'paused' });
    expect(uploadReducer(paused, { type: 'progress', progress: 31 })).toBe(paused);
  });

  it('an earlier try picked up starts the bar where it was and remembers from where', () => {
    expect(run([{ type: 'start' }, { type: 'resumed', progress: 63 }, { type: 'progress', progress: 70 }])).toEqual({
      phase: 'uploading',
      progress: 70,
      resumedFrom: 63,
    });
  });

  it('phase changes mean nothing outside an upload; done, failed and removed end it as before', () => {
    const done: UploadState = { phase: 'done', url: '/uploads/a.webp' };
    expect(uploadReducer(done, { type: 'phase', phase: 'paused' })).toBe(done);
    expect(uploadReducer(done, { type: 'resumed', progress: 50 })).toBe(done);
    const paused = run([{ type: 'start' }, { type: 'phase', phase: 'paused' }]);
    expect(uploadReducer(paused, { type: 'remove' })).toEqual({ phase: 'idle' });
    expect(uploadReducer(paused, { type: 'fail', error: 'Too large' })).toEqual({
      phase: 'failed',
      error: 'Too large',
    });
  });
});

describe('formatClock', () => {
  it.each([
    [0, '00'],
    [5, '05'],
    [59.9, '59'],
    [65, '01:05'],
    [600, '10:00'],
    [3600, '01:00:00'],
    [3725, '01:02:05'],
    [Number.NaN, '00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

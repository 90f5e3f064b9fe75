import type { Transfer, TransferPhase } from '../../api/upload';

/** How far a file on its way has come: bytes, speed and time left where the upload tells them. */
interface Sending {
  progress: number;
  transfer?: Transfer;
  /** The percentage an earlier try of the same file had reached when this one picked it up. */
  resumedFrom?: number;
}

/**
 * The upload state machines of the spec (admin §4): images go idle → uploading → done | failed; audio and
 * video go idle → uploading → processing → processed | failed. While uploading, the person may pause (paused)
 * and the connection may drop (offline); both go back to uploading. Pure, so their rules are tested directly.
 */
export type UploadState =
  | { phase: 'idle' }
  | ({ phase: 'uploading' } & Sending)
  | ({ phase: 'paused' } & Sending)
  | ({ phase: 'offline' } & Sending)
  | { phase: 'processing'; file: string; progress: number }
  | { phase: 'done'; url: string; file?: string; posterUrl?: string | null }
  | { phase: 'failed'; error: string };

/** A file on its way to the server, whether it moves, is paused or waits for the connection. */
export type SendingState = Extract<UploadState, { phase: 'uploading' | 'paused' | 'offline' }>;

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; progress: number; transfer?: Transfer }
  | { type: 'phase'; phase: TransferPhase }
  | { type: 'resumed'; progress: number }
  | { type: 'uploaded'; url?: string; file?: string }
  | {
      type: 'status';
      status: string;
      url: string | null;
      progress: number;
      posterUrl?: string | null;
      error?: string | null;
    }
  | { type: 'fail'; error: string }
  | { type: 'remove' };

export const isSending = (state: UploadState): state is SendingState =>
  state.phase === 'uploading' || state.phase === 'paused' || state.phase === 'offline';

const clamp = (progress: number) => Math.max(0, Math.min(100, progress));

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { phase: 'uploading', progress: 0 };
    case 'progress':
      // A report still on its way when Pause was pressed does not undo the pause; bytes moving again end a wait.
      if (state.phase !== 'uploading' && state.phase !== 'offline') return state;
      return {
        ...state,
        phase: 'uploading',
        progress: clamp(event.progress),
        ...(event.transfer && { transfer: event.transfer }),
      };
    case 'phase': {
      if (!isSending(state) || state.phase === event.phase) return state;
      // A speed measured before a pause or a dropped connection says nothing of what comes after.
      const transfer = state.transfer && { ...state.transfer, bytesPerSecond: null, secondsLeft: null };
      return { ...state, phase: event.phase, ...(transfer && { transfer }) };
    }
    case 'resumed':
      return isSending(state)
        ? { ...state, progress: clamp(event.progress), resumedFrom: clamp(event.progress) }
        : state;
    case 'uploaded':
      if (event.url) return { phase: 'done', url: event.url, file: event.file };
      return event.file ? { phase: 'processing', file: event.file, progress: 0 } : state;
    case 'status':
      if (state.phase !== 'processing') return state;
      if (event.status === 'processed' && event.url)
        return { phase: 'done', url: event.url, file: state.file, posterUrl: event.posterUrl ?? null };
      // Pushed and polled answers can cross: the percentage only moves forward.
      if (event.status === 'processing') return { ...state, progress: Math.max(state.progress, event.progress) };
      return { phase: 'failed', error: event.error ?? '' };
    case 'fail':
      return { phase: 'failed', error: event.error };
    case 'remove':
      return { phase: 'idle' };
  }
}

export const isBusy = (state: UploadState): boolean => isSending(state) || state.phase === 'processing';

/** Audio time as HH:MM:SS, leaving out hours and minutes while they are zero (spec §9). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${two(h)}:${two(m)}:${two(s % 60)}`;
  if (m > 0) return `${two(m)}:${two(s % 60)}`;
  return two(s % 60);
}

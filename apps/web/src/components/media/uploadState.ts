/**
 * The upload state machines of the spec (admin §4): images go idle → uploading → done | failed; audio and
 * video go idle → uploading → processing → processed | failed. Pure, so their rules are tested directly.
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'processing'; file: string; progress: number }
  | { phase: 'done'; url: string; file?: string; posterUrl?: string | null }
  | { phase: 'failed'; error: string };

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; progress: number }
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

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { phase: 'uploading', progress: 0 };
    case 'progress':
      return state.phase === 'uploading'
        ? { phase: 'uploading', progress: Math.max(0, Math.min(100, event.progress)) }
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

export const isBusy = (state: UploadState): boolean => state.phase === 'uploading' || state.phase === 'processing';

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

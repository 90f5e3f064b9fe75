/**
 * Where the reader stopped each audio and video, on this device. One localStorage key holds a bounded list, oldest
 * first: a reader who plays many posts never fills the storage, and the posts they played last are the ones kept.
 */
const KEY = 'inkwell.playback';
export const MAX_REMEMBERED = 200;
/** Stopping this early is sampling, not listening: the next play starts over. */
export const RESUME_MIN_S = 3;
/** Stopping this close to the end is finishing: the next play starts over. */
export const END_MARGIN_S = 5;

/** Media key, position and duration in seconds (duration 0 while unknown). */
type Entry = [key: string, time: number, duration: number];

function read(): Entry[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is Entry => Array.isArray(e) && typeof e[0] === 'string' && Number.isFinite(e[1]) && Number.isFinite(e[2]),
    );
  } catch {
    return [];
  }
}

function write(entries: Entry[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused (private mode): resuming is a convenience, playback goes on without it.
  }
}

/** Whether a position is worth coming back to: neither just begun nor all but finished. */
export function worthResuming(time: number, duration: number): boolean {
  if (!Number.isFinite(time) || time < RESUME_MIN_S) return false;
  const known = Number.isFinite(duration) && duration > 0;
  return !known || time < duration - END_MARGIN_S;
}

/** Remembers the position, or forgets the media when there is nothing to resume. */
export function savePosition(key: string, time: number, duration: number): void {
  if (!worthResuming(time, duration)) return forgetPosition(key);
  const d = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const entries = read().filter((e) => e[0] !== key);
  entries.push([key, Math.round(time * 10) / 10, Math.round(d * 10) / 10]);
  write(entries.slice(-MAX_REMEMBERED));
}

/**
 * The position to resume at, or null to start from the beginning. `duration` (the element's, once known) wins over
 * the remembered one: a re-encoded file may be shorter.
 */
export function resumePosition(key: string, duration?: number): number | null {
  const entry = read().find((e) => e[0] === key);
  if (!entry) return null;
  const d = duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : entry[2];
  return worthResuming(entry[1], d) ? entry[1] : null;
}

export function forgetPosition(key: string): void {
  const entries = read();
  const kept = entries.filter((e) => e[0] !== key);
  if (kept.length !== entries.length) write(kept);
}

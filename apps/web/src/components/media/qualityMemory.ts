import type { VideoQuality } from './hlsSource';

/**
 * The rendition the reader picked last, on this device (like data saver: a choice about the link this device is on):
 * the next video starts with it. 'auto', or the height pinned ("360").
 */
const KEY = 'inkwell.quality';

export function storedQuality(): VideoQuality {
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    const height = Number(stored);
    return stored && Number.isInteger(height) && height > 0 ? height : 'auto';
  } catch {
    return 'auto';
  }
}

export function storeQuality(quality: VideoQuality): void {
  try {
    localStorage.setItem(KEY, String(quality));
  } catch {
    // Storage refused (private mode): the choice holds for this video only.
  }
}

import { AUDIO_POLL_MS, VIDEO_POLL_MS, mediaApi, type MediaCheck } from '@inkwell/contracts';
import { useEffect, useRef } from 'react';
import { call } from '../../api/client';

const checkFile = (file: string) => call(mediaApi.check, { query: { file } });

export const pollInterval = (kind: 'audio' | 'video'): number => (kind === 'audio' ? AUDIO_POLL_MS : VIDEO_POLL_MS);

/**
 * Asks for the file's status at the spec's interval (audio 8 s, video 20 s) from the moment the upload
 * reached 100 %, until it is no longer processing.
 */
export function useMediaPolling(
  kind: 'audio' | 'video',
  file: string | null,
  onStatus: (check: MediaCheck) => void,
  check: (file: string) => Promise<MediaCheck> = checkFile,
): void {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });
  useEffect(() => {
    if (!file) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const status = await check(file);
        if (stopped) return;
        latest.current(status);
        if (status.status === 'processing') timer = setTimeout(() => void tick(), pollInterval(kind));
      } catch {
        // A failed status call (network) tries again at the next interval.
        if (!stopped) timer = setTimeout(() => void tick(), pollInterval(kind));
      }
    };
    timer = setTimeout(() => void tick(), pollInterval(kind));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [kind, file, check]);
}

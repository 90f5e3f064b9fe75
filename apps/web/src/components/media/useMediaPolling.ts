import { AUDIO_POLL_MS, VIDEO_POLL_MS, mediaApi, type MediaCheck } from '@inkwell/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { call } from '../../api/client';

const checkFile = (file: string) => call(mediaApi.check, { query: { file } });

export const pollInterval = (kind: 'audio' | 'video'): number => (kind === 'audio' ? AUDIO_POLL_MS : VIDEO_POLL_MS);

/**
 * Asks for the file's status at the spec's interval (audio 8 s, video 20 s) from the moment the upload
 * reached 100 %, until it is no longer processing. The answer is a way to ask at once (the realtime channel
 * said the file is done, or came back after a drop); the interval then starts again from that answer.
 */
export function useMediaPolling(
  kind: 'audio' | 'video',
  file: string | null,
  onStatus: (check: MediaCheck) => void,
  check: (file: string) => Promise<MediaCheck> = checkFile,
): () => void {
  const latest = useRef(onStatus);
  const askNow = useRef<() => void>(() => undefined);
  useEffect(() => {
    latest.current = onStatus;
  });
  useEffect(() => {
    if (!file) return;
    let stopped = false;
    let done = false;
    let asking = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout>;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void tick(), pollInterval(kind));
    };
    const tick = async () => {
      clearTimeout(timer);
      asking = true;
      try {
        const status = await check(file);
        if (stopped) return;
        latest.current(status);
        done = status.status !== 'processing';
      } catch {
        // A failed status call (network) tries again at the next interval.
      } finally {
        asking = false;
      }
      if (stopped || done) return;
      // Asked for again while this answer was on its way: that answer may be older than what was announced.
      if (again) {
        again = false;
        void tick();
      } else later();
    };
    askNow.current = () => {
      if (stopped || done) return;
      if (asking) again = true;
      else void tick();
    };
    later();
    return () => {
      stopped = true;
      askNow.current = () => undefined;
      clearTimeout(timer);
    };
  }, [kind, file, check]);
  return useCallback(() => askNow.current(), []);
}

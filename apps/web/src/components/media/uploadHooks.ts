import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { UploadControl, type UploadOptions } from '../../api/upload';
import { useLatest } from '../../lib/useLatest';
import { uploadReducer, type UploadEvent, type UploadState } from './uploadState';

/**
 * Reports whether an upload runs, and that none does once the uploader leaves the screen (a post type
 * switched mid-upload must not leave the form waiting for it).
 */
export function useReportBusy(busy: boolean, onBusyChange: ((busy: boolean) => void) | undefined): void {
  // Through a ref: parents pass a new callback each render, and re-reporting on each would loop.
  const latest = useLatest(onBusyChange);
  const report = useCallback((value: boolean) => latest.current?.(value), [latest]);
  useEffect(() => {
    report(busy);
    return () => {
      if (busy) report(false);
    };
  }, [busy, report]);
}

/**
 * One upload at a time through the upload state machine. `begin()` before sending aborts the one before and gives
 * the options to hand to the upload (its signal, its reports, the control of its buttons); `buttons` are the
 * progress bar's Pause, Resume and Cancel. Leaving the screen aborts the one running (the server keeps it, so the
 * same file chosen again goes on from there); Cancel drops it and the state goes back to idle.
 */
export function useUpload(initial: UploadState) {
  const [state, dispatch] = useReducer(uploadReducer, initial);
  const current = useRef<{ abort: AbortController; control: UploadControl } | null>(null);
  useEffect(
    () => () => {
      current.current?.abort.abort();
      current.current = null;
    },
    [],
  );
  const begin = useCallback((): UploadOptions & Required<Pick<UploadOptions, 'signal' | 'onProgress'>> => {
    current.current?.abort.abort();
    const running = { abort: new AbortController(), control: new UploadControl() };
    current.current = running;
    dispatch({ type: 'start' });
    // A report of an upload that was replaced or cancelled must not move the bar of the next.
    const report = (event: UploadEvent) => {
      if (current.current === running) dispatch(event);
    };
    return {
      signal: running.abort.signal,
      control: running.control,
      onProgress: (progress, transfer) => report({ type: 'progress', progress, transfer }),
      onPhase: (phase) => report({ type: 'phase', phase }),
      onResumeFrom: (progress) => report({ type: 'resumed', progress }),
    };
  }, []);
  const buttons = useMemo(
    () => ({
      onPause: () => current.current?.control.pause(),
      onResume: () => current.current?.control.resume(),
      onCancel: () => {
        const running = current.current;
        if (!running) return;
        current.current = null;
        running.control.cancel();
        // Its late answer, like a left screen's, then changes nothing.
        running.abort.abort();
        dispatch({ type: 'remove' });
      },
    }),
    [],
  );
  return { state, dispatch, begin, buttons };
}

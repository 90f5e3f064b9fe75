import { useCallback, useEffect, useRef } from 'react';
import { useLatest } from '../../lib/useLatest';

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
 * One abort signal per upload: starting another aborts the previous, and leaving the screen aborts the
 * one running, so a late answer never lands in a form that has moved on.
 */
export function useUploadSignal(): () => AbortSignal {
  const current = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      current.current?.abort();
      current.current = null;
    },
    [],
  );
  return useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);
}

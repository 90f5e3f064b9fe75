import { useSyncExternalStore } from 'react';

const ACTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Runs `fn` once the first screen is done: at the reader's first touch, key or scroll, or `quietMs` after the
 * page has loaded, whichever comes first. What the first paint does not need (the live connection) then waits
 * instead of competing with the screen's own requests and main thread on a slow phone. Returns a cancel.
 */
export function afterFirstScreen(fn: () => void, quietMs = 4000): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('load', startTimer);
    for (const act of ACTS) window.removeEventListener(act, run, { capture: true });
  };
  function run() {
    if (done) return;
    cancel();
    fn();
  }
  function startTimer() {
    if (!done) timer = setTimeout(run, quietMs);
  }
  for (const act of ACTS) window.addEventListener(act, run, { capture: true, passive: true });
  if (document.readyState === 'complete') startTimer();
  else window.addEventListener('load', startTimer, { once: true });
  return cancel;
}

let firstScreenDone = false;
const waiting = new Set<() => void>();
let watching = false;

/** Whether the first screen is done (see afterFirstScreen); the hook's screens render again when it is. */
export function useFirstScreenDone(): boolean {
  return useSyncExternalStore(
    subscribeFirstScreen,
    () => firstScreenDone,
    () => false,
  );
}

function subscribeFirstScreen(listener: () => void): () => void {
  waiting.add(listener);
  if (!watching && !firstScreenDone) {
    watching = true;
    afterFirstScreen(() => {
      firstScreenDone = true;
      waiting.forEach((notify) => notify());
    });
  }
  return () => waiting.delete(listener);
}

import { notificationsStore } from '@mantine/notifications';

let mounted: () => void = () => undefined;
let ready: Promise<void>;
let listening = false;
const unmounted = (): void => {
  listening = false;
  ready = new Promise<void>((resolve) => {
    mounted = resolve;
  });
};
unmounted();

/**
 * Whether a toast or a dialog has been asked for: the overlays (app/Overlays.tsx: their code is transitions,
 * focus traps, scroll areas and the positioning library, ~40 KB) load only then, not with every first screen.
 */
let wanted = false;
const wantedListeners = new Set<() => void>();

export function wantOverlays(): void {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

export const overlaysWanted = (): boolean => wanted;

export function onOverlaysWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Settles while the dialogs' provider listens (app/Overlays.tsx): a dialog opened before would be lost. */
export const overlaysReady = (): Promise<void> => {
  wantOverlays();
  return ready;
};

/** Dialogs opened through `modals` (window events) before their provider listens: made again once it does. */
const MODAL_OPENS = ['openModal', 'openConfirmModal', 'openContextModal'].map((name) => `mantine-modals:${name}`);
let held: CustomEvent[] = [];

/**
 * Asks for the overlays as soon as a toast is raised (the notifications store holds it until they mount) or a
 * dialog is opened through `modals` (held here and opened again once their provider listens). Once, at start.
 */
export function watchOverlayRequests(): void {
  const raised = () => {
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length + queue.length > 0) wantOverlays();
  };
  notificationsStore.subscribe(raised);
  raised();
  for (const type of MODAL_OPENS) {
    window.addEventListener(type, (event) => {
      if (listening) return;
      held.push(new CustomEvent(type, { detail: (event as CustomEvent).detail }));
      wantOverlays();
    });
  }
}

/** Overlays' effect: listening from now on (their children's effects have run), until the cleanup runs. */
export function overlaysMounted(): () => void {
  listening = true;
  mounted();
  const replay = held;
  held = [];
  replay.forEach((event) => window.dispatchEvent(event));
  return unmounted;
}

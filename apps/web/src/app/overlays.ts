let mounted: () => void = () => undefined;
let ready: Promise<void>;
const unmounted = (): void => {
  ready = new Promise<void>((resolve) => {
    mounted = resolve;
  });
};
unmounted();

/** Settles while the dialogs' provider listens (app/Overlays.tsx): a dialog opened before would be lost. */
export const overlaysReady = (): Promise<void> => ready;

/** Overlays' effect: listening from now on, until the returned cleanup runs. */
export function overlaysMounted(): () => void {
  mounted();
  return unmounted;
}

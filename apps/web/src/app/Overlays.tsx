import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './Overlays.module.css';
import { overlaysMounted } from './overlays';

/**
 * The toasts and the confirmation dialogs, mounted with the first toast or dialog asked for (overlays.ts): their
 * code (transitions, focus trap, scroll areas) is not needed to paint a screen, and a visit that raises neither
 * never downloads it. A toast raised before they mount waits in the notifications store; a dialog is held and
 * opened again once they listen.
 */
export function Overlays() {
  useEffect(overlaysMounted, []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-center" zIndex={1000} limit={3} className={classes.toasts} />
    </>
  );
}

import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './Overlays.module.css';
import { overlaysMounted } from './overlays';

/**
 * The toasts and the confirmation dialogs, mounted once the first screen has painted (Providers.tsx): their
 * code (transitions, focus trap, scroll areas) is not needed to paint it, and must not compete with what is. A toast raised before they mount waits
 * in the notifications store; a confirmation waits for `overlaysReady`.
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

import { Navigate, type NavigateProps } from 'react-router';

let redirected = false;
/** Only ever on the server, whose render is one at a time (prerender.tsx): nothing in the browser reads it. */
const noteServerRedirect = () => {
  redirected = true;
};

/**
 * `<Navigate>` for a screen the server may draw (prerender.tsx): there it draws nothing and marks the page as one
 * that sends the reader elsewhere, so the server sends the plain page and the app sends them on (a drawn empty
 * page would only flash, and React Router warns of a Navigate in a static render).
 */
export function Redirect(props: NavigateProps) {
  if (typeof window === 'undefined') {
    noteServerRedirect();
    return null;
  }
  return <Navigate {...props} />;
}

/** Whether the render just made asked to send the reader elsewhere (and forgets it for the next one). */
export function takeServerRedirect(): boolean {
  const was = redirected;
  redirected = false;
  return was;
}

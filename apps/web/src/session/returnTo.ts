import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';

/*
 * Where a guest was when an action asked them to sign in (a like, a comment, a follow). Kept in local storage as
 * well as in the login route's state: registering and opening the activation mail (perhaps in another tab)
 * loses the state, and the first sign-in afterwards should still end on that page.
 */

const KEY = 'inkwell.return_to';
/** A place remembered longer ago than this is stale: the guest has moved on. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Only a path of this site: never `//host` or `https://…` (no open redirect through the sign-in). */
export const isLocalPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export function rememberReturn(path: string): void {
  if (!isLocalPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage full or blocked: the route's state still carries the place.
  }
}

/** The remembered place, once: reading it forgets it. */
export function takeReturn(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    const saved = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!saved || !isLocalPath(saved.path) || typeof saved.at !== 'number') return null;
    return Date.now() - saved.at < MAX_AGE_MS ? saved.path : null;
  } catch {
    return null;
  }
}

/** Sends a guest to sign in, to come back to `from` afterwards (a page with what they asked for opened). */
export function signInThenReturn(navigate: NavigateFunction, from: string): void {
  rememberReturn(from);
  void navigate('/login', { state: { from } });
}

/** Sends a guest to sign in, to come back to this very page (path, query and hash) afterwards. */
export function useSignInFirst(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    () => signInThenReturn(navigate, location.pathname + location.search + location.hash),
    [navigate, location.pathname, location.search, location.hash],
  );
}

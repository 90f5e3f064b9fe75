import { PRODUCT_NAME } from '@inkwell/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { Redirect } from '../components/Redirect';
import { mayAdminister, useSession } from '../session/session';
import { markAppReady } from './appReady';
import type { RouteMeta } from './routeMeta';

/** The deepest route's meta wins, as nested routes refine their parents. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  return matches.reduce<RouteMeta>((meta, match) => ({ ...meta, ...((match.handle as RouteMeta) ?? {}) }), {});
}

/** Sets the document title from route meta and enforces sign-in, guest-only and admin rules. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const session = useSession();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  // Here, inside the root layout's Suspense boundary: hydration has reached the screen itself by now.
  useEffect(markAppReady, []);

  useEffect(() => {
    if (meta.ownTitle) return;
    document.title = meta.title ? `${t(meta.title)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [meta.title, meta.ownTitle, t, i18n.language]);

  if (!meta.public && !session) {
    return <Redirect to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (meta.guestOnly && session) return <Redirect to="/home" replace />;
  if (meta.admin && !mayAdminister(session, meta.admin)) return <Redirect to="/accessDenied" replace />;
  return <>{children}</>;
}

import {
  ACCESS_TOKEN_IDLE_DAYS,
  DEFAULT_LOCALE,
  RENDER_COOKIE,
  RENDER_COOKIE_PATHS,
  isLocale,
  type Locale,
  type Permission,
  storedSession,
  type SessionUser,
  type StoredSession,
} from '@inkwell/contracts';
import { useSyncExternalStore } from 'react';

/** The spec's Session entity, kept in local storage. */
export type Session = StoredSession;

const SESSION_KEY = 'inkwell.session';
const LOCALE_KEY = 'inkwell.locale';

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    // A session stored before permissions were kept holds none until the next `/user` refresh.
    return parsed?.token ? { ...parsed, permissions: parsed.permissions ?? parsed.user?.permissions ?? [] } : null;
  } catch {
    return null;
  }
}

let current: Session | null = typeof localStorage === 'undefined' ? null : read();
// A session kept from before the cookie existed (or its cookie expired meanwhile) gets it again on each start.
let renderCookieToken: string | null = current?.token ?? null;
writeRenderCookie(renderCookieToken);

export const getSession = (): Session | null => current;

/**
 * The token as the render cookie too, so the server can send the signed-in home, account and post pages with
 * their content (apps/server/src/platform/rendered.ts). Only on the paths it renders, never with API calls, and
 * `SameSite=Strict`, so another site's link or form never carries it. The server checks it like any token.
 */
function writeRenderCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const lifetime = token ? `max-age=${ACCESS_TOKEN_IDLE_DAYS * 24 * 3600}` : 'max-age=0';
  for (const path of RENDER_COOKIE_PATHS) {
    document.cookie = `${RENDER_COOKIE}=${token ?? ''}; path=${path}; ${lifetime}; samesite=strict${secure}`;
  }
}

function write(next: Session | null): void {
  current = next;
  if (typeof localStorage === 'undefined') return;
  if (next) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
  else localStorage.removeItem(SESSION_KEY);
  if (next?.token !== renderCookieToken) writeRenderCookie((renderCookieToken = next?.token ?? null));
  emit();
}

export const signIn = (token: string, user: SessionUser): void => write(storedSession(token, user));

/** The placeholder token of a server render's session: the server adds the reader's own to each read. */
export const SERVER_RENDER_TOKEN = 'server-render';

/** For the server render alone: the reader it renders for, or nobody again. Nothing is stored. */
export function setServerSession(user: SessionUser | null): void {
  current = user ? storedSession(SERVER_RENDER_TOKEN, user) : null;
}

/**
 * Whether the session may open an admin route: `true` asks for any admin permission (the admin area admits
 * whoever holds one), a permission asks for that one.
 */
export const mayAdminister = (session: Session | null, need: true | Permission = true): boolean =>
  Boolean(session && (need === true ? session.permissions.length > 0 : session.permissions.includes(need)));

/** Refreshes the stored user (role, plan, can_compose) from a fresh `/user` answer. */
export function refreshUser(user: SessionUser): void {
  if (!current) return;
  const next = storedSession(current.token, user);
  // Every start asks for /user: the same answer again changes nothing, and redraws nothing (each screen reading
  // the session would render again, in one task a slow phone feels).
  if (JSON.stringify(next) !== JSON.stringify(current)) write(next);
}

/** Forgets the session. The chosen language stays: it belongs to the device, not the account. */
export const signOut = (): void => write(null);

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSession = (): Session | null => useSyncExternalStore(subscribe, getSession, getSession);

/**
 * The first of the browser's languages that Inkwell speaks besides English (`my-MM` → `my`), else English: a
 * phone set to Burmese or Thai opens in it on the first visit. index.html repeats this rule for the skeleton.
 */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'my' || base === 'th') return base;
    // English anywhere before them is a choice too.
    if (base === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

/** The language this device chose last; before any choice, the browser's (the switcher changes it in one tap). */
export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    if (isLocale(value)) return value;
  } catch {
    // Storage refused (private mode): the browser's languages still apply.
  }
  return typeof navigator === 'undefined' ? DEFAULT_LOCALE : browserLocale(navigator.languages);
}

export function storeLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_KEY, locale);
  // The server reads it to send the prerendered welcome and sign-in screens in this language.
  document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

if (typeof window !== 'undefined') {
  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) {
      current = read();
      // The other tab wrote the cookie too.
      renderCookieToken = current?.token ?? null;
      emit();
    }
  });
}

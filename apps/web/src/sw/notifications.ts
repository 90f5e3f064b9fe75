/**
 * What the service worker does with a push and a click, kept apart from the worker's globals so it is
 * tested as plain functions.
 */

export interface PushMessage {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** The notification a push payload shows (a payload that is not JSON still shows, as the product's). */
export function pushMessage(raw: string | null): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    data = { body: raw ?? '' };
  }
  const tag = text(data.tag);
  return {
    title: text(data.title, 'Inkwell') || 'Inkwell',
    options: {
      body: text(data.body),
      icon: text(data.icon, '/icons/icon-192.png') || '/icons/icon-192.png',
      badge: text(data.badge, '/icons/badge-72.png') || '/icons/badge-72.png',
      ...(tag ? { tag } : {}),
      data: { url: text(data.url, '/') || '/' },
    },
  };
}

export interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/**
 * A click (spec §4): the notification closes, an open window of the app is focused and shown the
 * notification's page, or the page opens in a new window; the root path when the notification names none.
 */
export async function openFromNotification(
  target: string | undefined,
  origin: string,
  windows: readonly WindowLike[],
  openWindow: (url: string) => Promise<unknown>,
): Promise<void> {
  const url = new URL(target || '/', origin);
  // Only our own pages: a notification never sends anyone elsewhere.
  const href = url.origin === origin ? url.href : new URL('/', origin).href;
  const same = windows.find((w) => w.url === href);
  const existing = same ?? windows.find((w) => new URL(w.url).origin === origin);
  if (existing) {
    await existing.focus();
    if (existing.url !== href && existing.navigate) await existing.navigate(href);
    return;
  }
  await openWindow(href);
}

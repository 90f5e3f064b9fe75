import { DATA_SAVER_COOKIE } from '@inkwell/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Data saver: a reader on a metered or slow link asks for less. A choice of this device (per device, like the
 * network it is on), kept in localStorage; until the reader chooses, it is on when the browser says so
 * (`Save-Data`) or the connection is 2G/3G (Network Information API; Chromium only, elsewhere off).
 */
const KEY = 'inkwell.dataSaver';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** What the browser reports about the link: saving asked for, or a 2G/3G connection. */
export function networkSuggestsSaving(): boolean {
  const connection = (globalThis.navigator as { connection?: NetworkInformation } | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/** The reader's own choice on this device, or null while they have not made one. */
export function dataSaverChoice(): boolean | null {
  try {
    const stored = globalThis.localStorage?.getItem(KEY);
    return stored === 'on' ? true : stored === 'off' ? false : null;
  } catch {
    return null;
  }
}

export function dataSaverOn(): boolean {
  return dataSaverChoice() ?? networkSuggestsSaving();
}

const listeners = new Set<() => void>();

/**
 * Tells the server too (DATA_SAVER_COOKIE): a page it draws for a signed-in reader carries every copy of every
 * image, so a reader saving data gets the plain page. Written as the app starts as well, so a default that came
 * from the network (2G/3G) holds for the next visit's first document.
 */
export function syncDataSaverCookie(): void {
  if (typeof document === 'undefined') return;
  const year = 365 * 24 * 60 * 60;
  document.cookie = `${DATA_SAVER_COOKIE}=${dataSaverOn() ? 'on' : 'off'}; path=/; max-age=${year}; SameSite=Lax`;
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  syncDataSaverCookie();
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether data saver is on, re-rendering when the reader switches it. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, dataSaverOn, () => false);
}

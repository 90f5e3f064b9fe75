import { pushApi } from '@inkwell/contracts';
import { call } from '../api/client';

/** Web Push works here: a service worker, the Push API and notifications (not in every browser or webview). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  pushSupported() ? Notification.permission : 'unsupported';

/** The VAPID key as the Push API takes it (URL-safe base64 to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/**
 * Subscribes this browser to Web Push for the signed-in person and tells the server (again, harmlessly, on
 * each sign-in: the server ties the subscription to this sign-in, and signing out removes it).
 */
export async function subscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes((await call(pushApi.publicKey)).data);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's key changed) cannot be used: make a new one.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(pushApi.subscribe, { body: { endpoint: json.endpoint, keys: json.keys } });
}

/** Asks for permission (a tap must lead here: browsers refuse prompts nobody asked for), then subscribes. */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeThisBrowser();
  return permission;
}

/** On signing out this browser stops receiving the person's pushes (the server forgets it with the sign-in). */
export async function forgetThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

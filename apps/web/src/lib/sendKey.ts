import { useSyncExternalStore, type KeyboardEvent } from 'react';

/**
 * A screen worked by touch alone (a phone, a tablet without a keyboard): its on-screen keyboard has no Shift+Enter,
 * so there Enter makes a new line and the send button sends; with a keyboard and a pointer, Enter sends.
 */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

const touchQuery = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(TOUCH_ONLY) : null);

function subscribe(onChange: () => void): () => void {
  const query = touchQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const snapshot = () => touchQuery()?.matches ?? false;

/*
 * The server cannot know the device, so what it draws (and what hydrating it first renders) is for a keyboard;
 * the phone's answer follows in the next render. Read at once instead, a phone's first render differed from the
 * drawn page: React threw that part away and drew it again, and the comment box being typed in lost its focus.
 */
const serverSnapshot = () => false;

export function useTouchOnly(): boolean {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Whether this key press sends the message being written (never while an input method is composing a word). */
export function isSendKey(event: KeyboardEvent, touchOnly: boolean): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchOnly;
}

import { useMediaQuery } from '@mantine/hooks';
import type { KeyboardEvent } from 'react';

/**
 * A screen worked by touch alone (a phone, a tablet without a keyboard): its on-screen keyboard has no Shift+Enter,
 * so there Enter makes a new line and the send button sends; with a keyboard and a pointer, Enter sends.
 */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

export function useTouchOnly(): boolean {
  return useMediaQuery(TOUCH_ONLY, false, { getInitialValueInEffect: false }) ?? false;
}

/** Whether this key press sends the message being written (never while an input method is composing a word). */
export function isSendKey(event: KeyboardEvent, touchOnly: boolean): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchOnly;
}

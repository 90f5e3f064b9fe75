import { renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSendKey, useTouchOnly } from './sendKey';

const key = (key: string, shiftKey = false, isComposing = false) =>
  ({ key, shiftKey, nativeEvent: { isComposing } }) as unknown as KeyboardEvent;

describe('the send key', () => {
  it('is Enter with a keyboard, not Shift+Enter, not while composing, not another key', () => {
    expect(isSendKey(key('Enter'), false)).toBe(true);
    expect(isSendKey(key('Enter', true), false)).toBe(false);
    expect(isSendKey(key('Enter', false, true), false)).toBe(false);
    expect(isSendKey(key('a'), false)).toBe(false);
  });

  it('is none on a touch-only screen, where Enter makes a new line', () => {
    expect(isSendKey(key('Enter'), true)).toBe(false);
  });
});

describe('a touch-only screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [true, true],
    [false, false],
  ])('is told by the media query (matches %s → %s)', (matches, expected) => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: matches && query === '(hover: none) and (pointer: coarse)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    expect(renderHook(() => useTouchOnly()).result.current).toBe(expected);
  });
});

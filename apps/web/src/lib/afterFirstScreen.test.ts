import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './afterFirstScreen';

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the page to be loaded and quiet, then runs once', () => {
    const fn = vi.fn();
    afterFirstScreen(fn, 4000);
    vi.advanceTimersByTime(3999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the reader touches, types or scrolls', () => {
    for (const act of ['pointerdown', 'keydown', 'scroll']) {
      const fn = vi.fn();
      afterFirstScreen(fn, 4000);
      window.dispatchEvent(new Event(act));
      expect(fn, act).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5000);
      expect(fn, act).toHaveBeenCalledTimes(1);
    }
  });

  it('does nothing once cancelled', () => {
    const fn = vi.fn();
    const cancel = afterFirstScreen(fn, 100);
    cancel();
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

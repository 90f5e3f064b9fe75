import type { MediaCheck } from '@inkwell/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleControls } from './VideoPlayer';
import { useMediaPolling } from './useMediaPolling';

const status = (s: MediaCheck['status'], progress = 0): MediaCheck => ({
  file: 'f1',
  status: s,
  url: s === 'processed' ? '/uploads/x' : null,
  progress,
  duration: null,
  poster_url: null,
  hls_url: null,
  thumbnails_url: null,
  low_data_url: null,
  error: s === 'failed' ? 'damaged' : null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('media status polling', () => {
  it('audio asks every 8000 ms until processed, then stops', async () => {
    const answers = [status('processing', 30), status('processed', 100)];
    const check = vi.fn(async () => answers.shift() ?? status('processed'));
    const seen: string[] = [];
    renderHook(() => useMediaPolling('audio', 'f1', (c) => seen.push(c.status), check));
    await advance(7999);
    expect(check).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(8000);
    expect(check).toHaveBeenCalledTimes(2);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(['processing', 'processed']);
  });

  it('video asks every 20000 ms, and stops at a status that is neither processing nor processed', async () => {
    const answers = [status('processing'), status('failed')];
    const check = vi.fn(async () => answers.shift() ?? status('processing'));
    const seen: string[] = [];
    renderHook(() => useMediaPolling('video', 'f1', (c) => seen.push(c.status), check));
    await advance(19_999);
    expect(check).not.toHaveBeenCalled();
    await advance(1);
    await advance(20_000);
    expect(check).toHaveBeenCalledTimes(2);
    await advance(100_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(['processing', 'failed']);
  });

  it('asks at once when told to (the realtime channel said it is done), then keeps the interval from there', async () => {
    const answers = [status('processing', 40), status('processing', 60), status('processed', 100)];
    const check = vi.fn(async () => answers.shift() ?? status('processed'));
    const seen: number[] = [];
    const { result } = renderHook(() => useMediaPolling('video', 'f1', (c) => seen.push(c.progress), check));
    await advance(3000);
    act(() => result.current());
    await advance(0);
    expect(check).toHaveBeenCalledTimes(1);
    // The next poll counts from that answer, not from the upload.
    await advance(19_999);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(2);
    act(() => result.current());
    await advance(0);
    expect(seen).toEqual([40, 60, 100]);
    // Done: asking again does nothing.
    act(() => result.current());
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('does not poll without a file', async () => {
    const check = vi.fn(async () => status('processed'));
    renderHook(() => useMediaPolling('audio', null, () => undefined, check));
    await advance(60_000);
    expect(check).not.toHaveBeenCalled();
  });
});

describe('video controls', () => {
  it('hide after 5000 ms idle while playing, and come back on a touch', async () => {
    const { result, rerender } = renderHook(({ active }) => useIdleControls(active), {
      initialProps: { active: false },
    });
    await advance(10_000);
    expect(result.current.visible).toBe(true);
    rerender({ active: true });
    await advance(4999);
    expect(result.current.visible).toBe(true);
    await advance(1);
    expect(result.current.visible).toBe(false);
    act(() => result.current.poke());
    expect(result.current.visible).toBe(true);
  });
});

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLatest } from '../../lib/useLatest';
import { resumePosition, savePosition } from './playbackMemory';

/** Often enough that a closed tab or a crash loses little; rarely enough that localStorage is no burden. */
export const SAVE_EVERY_MS = 5000;
/** How often a progressive element that lost its connection asks again (and at once when the browser is online). */
export const RETRY_EVERY_MS = 5000;

export interface PlaybackLifeOptions {
  /** Where to remember the position; none for an upload's preview. */
  mediaKey?: string;
  /** Whether the element fetches its own address (not under hls.js, which reconnects itself); asked at the time. */
  reconnect: () => boolean;
  onResumedAt: (seconds: number | null) => void;
  onReconnecting: (waiting: boolean) => void;
}

/**
 * An audio or video element's life across reloads: it resumes where the reader stopped on this device, and, where
 * the element fetches its own address, a lost connection is taken up again without a page reload, at the same time,
 * playing if it was.
 *
 * Whatever empties the element (a new address, a reload, hls.js giving way to the MP4) is bridged the same way: the
 * position and whether it played are kept, and given back once the new source has its metadata.
 */
export class PlaybackLife {
  private position = 0;
  private lastSave = 0;
  private restored = false;
  /** The reader played or sought: before that there is nothing of theirs to remember (nor to forget). */
  private engaged = false;
  private wanted = false;
  private pending: { time: number; play: boolean } | null = null;
  private retryTimer: ReturnType<typeof setInterval> | undefined;
  private readonly media: [string, () => void][] = [
    ['loadedmetadata', () => this.onLoadedMetadata()],
    ['timeupdate', () => this.onTimeUpdate()],
    ['play', () => this.onPlay()],
    ['pause', () => this.onPause()],
    ['seeking', () => this.onSeeking()],
    ['ended', () => this.onEnded()],
    ['emptied', () => this.onEmptied()],
    ['error', () => this.arm()],
    ['stalled', () => this.arm()],
    // Data arriving again means the link is back, if slowly: a slow link is not reloaded.
    ['progress', () => this.disarm()],
    ['playing', () => this.disarm()],
  ];
  private readonly onOnline = () => this.retryTimer !== undefined && this.retry();
  private readonly onPageHide = () => this.save();

  constructor(
    private readonly el: HTMLMediaElement,
    private readonly options: PlaybackLifeOptions,
  ) {
    this.media.forEach(([name, fn]) => el.addEventListener(name, fn));
    window.addEventListener('online', this.onOnline);
    window.addEventListener('pagehide', this.onPageHide);
  }

  /** Plays; an element that already failed (offline when it loaded) starts again rather than refusing. */
  play(): Promise<void> {
    if (!this.options.reconnect() || !this.el.error) return Promise.resolve(this.el.play());
    this.wanted = this.engaged = true;
    this.pending = { time: this.position, play: true };
    this.arm();
    this.el.load();
    return Promise.resolve();
  }

  /** The reader gives up waiting for the network. */
  stop(): void {
    this.wanted = false;
    if (this.pending) this.pending.play = false;
    this.disarm();
    this.el.pause();
  }

  release(): void {
    this.save();
    clearInterval(this.retryTimer);
    this.media.forEach(([name, fn]) => this.el.removeEventListener(name, fn));
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('pagehide', this.onPageHide);
  }

  private save() {
    if (!this.options.mediaKey || !this.engaged) return;
    this.lastSave = Date.now();
    savePosition(this.options.mediaKey, this.position, this.el.duration);
  }

  private arm() {
    if (!this.options.reconnect() || !this.wanted || this.retryTimer !== undefined) return;
    this.options.onReconnecting(true);
    this.retryTimer = setInterval(() => this.retry(), RETRY_EVERY_MS);
  }

  private disarm() {
    if (this.retryTimer === undefined) return;
    clearInterval(this.retryTimer);
    this.retryTimer = undefined;
    this.options.onReconnecting(false);
  }

  private retry() {
    this.pending ??= { time: this.position, play: this.wanted };
    this.el.load();
  }

  private onLoadedMetadata() {
    const { el, pending } = this;
    if (pending) {
      this.pending = null;
      if (pending.time > 0 && Math.abs(el.currentTime - pending.time) > 0.5) el.currentTime = pending.time;
      this.position = pending.time;
      // Refused (a browser that wants a fresh tap): the element is paused, and the player must say so.
      if (pending.play) void Promise.resolve(el.play()).catch(() => el.dispatchEvent(new Event('pause')));
      return;
    }
    const { mediaKey } = this.options;
    if (this.restored || !mediaKey) return;
    this.restored = true;
    const time = resumePosition(mediaKey, el.duration);
    if (time === null) return;
    if (Math.abs(el.currentTime - time) > 0.5) el.currentTime = time;
    this.position = time;
    this.options.onResumedAt(time);
  }

  private onTimeUpdate() {
    // While a new source loads its time reads 0: not where the reader is.
    if (this.pending) return;
    this.position = this.el.currentTime;
    if (!this.el.paused && Date.now() - this.lastSave >= SAVE_EVERY_MS) this.save();
  }

  private onPlay() {
    this.wanted = this.engaged = true;
    this.options.onResumedAt(null);
  }

  private onPause() {
    if (this.pending) return;
    this.wanted = false;
    this.save();
  }

  private onSeeking() {
    if (this.pending || this.el.readyState === 0) return;
    this.position = this.el.currentTime;
    this.engaged = true;
  }

  private onEnded() {
    this.wanted = false;
    this.position = 0;
    this.save();
  }

  private onEmptied() {
    if (this.position > 0) this.pending ??= { time: this.position, play: this.wanted };
    // Nothing played yet: the new source resumes from the stored position as the first would have.
    else this.restored = false;
  }
}

/** A player's `PlaybackLife`: what to show of it, and play and stop that know about reconnecting. */
export function usePlayback(
  ref: RefObject<HTMLMediaElement | null>,
  { mediaKey, reconnect }: { mediaKey?: string; reconnect: boolean },
) {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const life = useRef<PlaybackLife | null>(null);
  // Read at the time of trouble, so hls.js giving way to the MP4 does not cut the element's life in two.
  const reconnectNow = useLatest(reconnect);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const current = new PlaybackLife(el, {
      mediaKey,
      reconnect: () => reconnectNow.current,
      onResumedAt: setResumedAt,
      onReconnecting: setReconnecting,
    });
    life.current = current;
    return () => {
      current.release();
      life.current = null;
    };
  }, [ref, mediaKey, reconnectNow]);

  const play = useCallback(() => life.current?.play() ?? Promise.resolve(ref.current?.play()), [ref]);
  const stop = useCallback(() => life.current?.stop(), []);
  return { resumedAt, reconnecting, play, stop };
}

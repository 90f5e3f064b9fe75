import type { HlsConfig } from 'hls.js';

/**
 * How a video and an audio post are fetched: adaptive (HLS) video through hls.js or the browser, the progressive copy
 * otherwise; the low-data audio copy under data saver. hls.js, far larger than a screen's budget, comes in its own
 * chunk, only when a player mounts with a playlist.
 */
export type VideoSourceKind = 'hls.js' | 'native' | 'progressive';

export const HLS_TYPE = 'application/vnd.apple.mpegurl';
export const OPUS_WEBM_TYPE = 'audio/webm; codecs="opus"';

/**
 * The ways to play a video, best first. hls.js wherever Media Source Extensions exist, even where the browser also
 * plays HLS itself (Chromium answers "maybe" nowadays): only with hls.js can data saver hold the lowest rendition and
 * the player tell which one plays. The browser's own HLS where there is no MSE (iPhone Safari); the MP4 last.
 */
export function videoSourcePlan({
  hlsUrl,
  canPlayType,
  mediaSource,
}: {
  hlsUrl?: string | null;
  canPlayType: (type: string) => string;
  mediaSource: boolean;
}): VideoSourceKind[] {
  if (!hlsUrl) return ['progressive'];
  const plan: VideoSourceKind[] = mediaSource ? ['hls.js'] : [];
  if (canPlayType(HLS_TYPE) !== '') plan.push('native');
  plan.push('progressive');
  return plan;
}

/** The plain MediaSource only: iPhones have just the managed one, and play HLS better themselves. */
export function hasMediaSource(): boolean {
  return typeof (globalThis as { MediaSource?: unknown }).MediaSource === 'function';
}

/** Safari plays no Opus in WebM: it keeps the AAC copy. */
export function audioSource({
  src,
  lowDataUrl,
  dataSaver,
  canPlayType,
}: {
  src: string;
  lowDataUrl?: string | null;
  dataSaver: boolean;
  canPlayType: (type: string) => string;
}): string {
  return dataSaver && lowDataUrl && canPlayType(OPUS_WEBM_TYPE) !== '' ? lowDataUrl : src;
}

/** Before the first play, about one 4 s segment: the first picture and the duration, little more, per player in a feed. */
export const PRE_PLAY_BUFFER_S = 4;
/**
 * While playing, 30 s ahead: enough to ride out a short drop. hls.js's own ceiling (up to 60 MB ahead) would spend the
 * data of a reader who stops early, and hold a rendition long after the link changed.
 */
export const PLAY_BUFFER_S = 30;
/** A guess of 500 kbps until the first segment is measured: a slow link starts at the lowest rendition. */
export const START_BANDWIDTH_ESTIMATE = 500_000;

export function hlsConfig({
  dataSaver,
  startPosition,
}: {
  dataSaver: boolean;
  startPosition?: number | null;
}): Partial<HlsConfig> {
  return {
    // -1: hls.js measures the link on a first segment and picks from there; data saver starts (and stays) lowest.
    startLevel: dataSaver ? 0 : -1,
    abrEwmaDefaultEstimate: START_BANDWIDTH_ESTIMATE,
    // Under data saver not a byte before the reader presses play.
    autoStartLoad: !dataSaver,
    startPosition: startPosition ?? -1,
    maxBufferLength: PRE_PLAY_BUFFER_S,
    maxMaxBufferLength: PRE_PLAY_BUFFER_S,
  };
}

/** The reader's choice of rendition: hls.js's own ('auto'), or one pinned by its height. */
export type VideoQuality = 'auto' | number;

/**
 * The hls.js level to pin for a chosen height, or -1 (adaptive) for 'auto'. A height this video lacks (a 1080p
 * choice remembered from another video) pins the tallest below it, or the lowest when all are taller.
 */
export function levelFor(heights: readonly number[], quality: VideoQuality): number {
  if (quality === 'auto' || heights.length === 0) return -1;
  let pick = -1;
  let lowest = 0;
  heights.forEach((height, i) => {
    if (height <= quality && (pick === -1 || height >= heights[pick]!)) pick = i;
    if (height < heights[lowest]!) lowest = i;
  });
  return pick === -1 ? lowest : pick;
}

/** "144p" for a rendition 144 pixels high; null while none is known. */
export function renditionName(height: number | undefined | null): string | null {
  return height && height > 0 ? `${height}p` : null;
}

export type HlsErrorAction = 'none' | 'reconnect' | 'recover' | 'fallback';

/**
 * What to do about an hls.js error. A lost connection is waited out, however long; a playlist refused (an expired
 * signature, removed media) or unreadable will not come back by asking again, so the MP4 plays instead. A broken
 * decode gets one recovery, then the MP4.
 */
export function hlsErrorAction(
  error: { fatal: boolean; type: string; details: string; response?: { code?: number } },
  mediaRecoveries: number,
): HlsErrorAction {
  if (!error.fatal) return 'none';
  if (error.type === 'networkError') {
    const code = error.response?.code ?? 0;
    const refused = code >= 400 && code < 500 && code !== 408 && code !== 429;
    return refused || error.details === 'manifestParsingError' || error.details === 'levelEmptyError'
      ? 'fallback'
      : 'reconnect';
  }
  if (error.type === 'mediaError' && mediaRecoveries < 1) return 'recover';
  return 'fallback';
}

export interface HlsCallbacks {
  /** The renditions the playlist lists (their heights, as hls.js orders its levels), when it arrives. */
  onLevels?: (heights: number[]) => void;
  /** The rendition now on screen (its height), on each switch. */
  onRendition: (height: number | null) => void;
  /** The rendition being fetched: a switch shows here first, and on screen once the buffer ahead has played. */
  onLoadingRendition?: (height: number | null) => void;
  /** True while the connection is gone and loading waits to start again. */
  onReconnecting: (waiting: boolean) => void;
  /** hls.js cannot go on: play the progressive copy. */
  onFallback: () => void;
}

export interface HlsHandle {
  setDataSaver: (on: boolean) => void;
  /** Pins a rendition, or gives the choice back to hls.js; before the playlist arrives, held until it does. */
  setQuality: (quality: VideoQuality) => void;
  destroy: () => void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 16_000;

/**
 * Attaches hls.js to the video, or resolves null where it cannot play (no MSE, codecs refused). `load` is the
 * dynamic import, so tests can hand in a stand-in (jsdom has no MediaSource).
 */
export async function startHls(
  video: HTMLVideoElement,
  url: string,
  options: { dataSaver: boolean; startPosition?: number | null; quality?: VideoQuality } & HlsCallbacks,
  load: () => Promise<{ default: typeof import('hls.js').default }> = () => import('hls.js'),
): Promise<HlsHandle | null> {
  const { default: Hls } = await load();
  if (!Hls.isSupported()) return null;
  const { onLevels, onRendition, onLoadingRendition, onReconnecting, onFallback } = options;
  const hls = new Hls(hlsConfig(options));
  // Data saver caps only hls.js's own choice: a rendition the reader pins is theirs, whatever its size.
  hls.autoLevelCapping = options.dataSaver ? 0 : -1;
  let quality = options.quality ?? 'auto';
  const heights = () => hls.levels.map((level) => level.height);
  let loading = !options.dataSaver;
  let played = false;
  let mediaRecoveries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = FIRST_RETRY_MS;
  let reconnecting = false;
  let destroyed = false;

  const position = () => (video.currentTime > 0 ? video.currentTime : (options.startPosition ?? -1));
  const onPlay = () => {
    if (played) return;
    played = true;
    hls.config.maxBufferLength = PLAY_BUFFER_S;
    hls.config.maxMaxBufferLength = PLAY_BUFFER_S;
    if (loading) return;
    loading = true;
    // Before the playlist is in, its arrival starts the loading (below).
    if (hls.levels.length > 0) hls.startLoad(position());
  };
  const resume = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    // The playlist itself never came: ask for it again; otherwise carry on loading from where the picture is.
    if (hls.levels.length === 0) hls.loadSource(url);
    else if (loading) hls.startLoad(position());
  };
  const reconnect = () => {
    if (!reconnecting) onReconnecting((reconnecting = true));
    clearTimeout(retryTimer);
    retryTimer = setTimeout(resume, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
  };
  const reconnected = () => {
    retryDelay = FIRST_RETRY_MS;
    if (reconnecting) onReconnecting((reconnecting = false));
  };
  const onOnline = () => reconnecting && resume();
  const teardown = () => {
    if (destroyed) return;
    destroyed = true;
    clearTimeout(retryTimer);
    video.removeEventListener('play', onPlay);
    window.removeEventListener('online', onOnline);
    hls.destroy();
  };

  hls.on(Hls.Events.LEVEL_SWITCHED, (_, data) => onRendition(hls.levels[data.level]?.height ?? null));
  hls.on(Hls.Events.LEVEL_SWITCHING, (_, data) => onLoadingRendition?.(hls.levels[data.level]?.height ?? null));
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    reconnected();
    onLevels?.(heights());
    // Before the first segment (and again after a playlist that came back): nothing buffered to keep, so the pinned
    // level is simply the one to load, and the start level too.
    if (quality !== 'auto') hls.loadLevel = levelFor(heights(), quality);
    // Without autoStartLoad (data saver), hls.js waits for us, also when the playlist came again after a drop.
    if (loading && !hls.config.autoStartLoad) hls.startLoad(position());
  });
  hls.on(Hls.Events.FRAG_LOADED, reconnected);
  hls.on(Hls.Events.ERROR, (_, data) => {
    const action = hlsErrorAction(data, mediaRecoveries);
    if (action === 'reconnect') reconnect();
    else if (action === 'recover') {
      mediaRecoveries += 1;
      hls.recoverMediaError();
    } else if (action === 'fallback') {
      teardown();
      onFallback();
    }
  });
  video.addEventListener('play', onPlay);
  window.addEventListener('online', onOnline);
  hls.loadSource(url);
  hls.attachMedia(video);

  return {
    setDataSaver(on) {
      hls.autoLevelCapping = on ? 0 : -1;
    },
    setQuality(next) {
      quality = next;
      // `nextLevel`, not `currentLevel`: the segment playing stays, what is buffered past it is replaced, and the
      // picture changes without the stall of a flushed buffer. -1 hands the choice back to hls.js (capped as before).
      if (hls.levels.length > 0) hls.nextLevel = levelFor(heights(), next);
    },
    destroy: teardown,
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHls, loadFakeHls } from './fakeHls';
import {
  audioSource,
  hlsConfig,
  hlsErrorAction,
  levelFor,
  OPUS_WEBM_TYPE,
  PLAY_BUFFER_S,
  PRE_PLAY_BUFFER_S,
  startHls,
  videoSourcePlan,
} from './hlsSource';

/** A media element that plays exactly these types. */
const element = (...types: string[]) => ({
  canPlayType: (type: string) => (types.includes(type) ? 'maybe' : ''),
});
const HLS = 'application/vnd.apple.mpegurl';

describe('which source a video plays', () => {
  const plan = (el: { canPlayType: (t: string) => string }, mediaSource: boolean, hlsUrl: string | null = '/v.m3u8') =>
    videoSourcePlan({ hlsUrl, canPlayType: (t) => el.canPlayType(t), mediaSource });

  it('iPhone Safari (HLS itself, no MediaSource): its own HLS, then the MP4', () => {
    expect(plan(element(HLS), false)).toEqual(['native', 'progressive']);
  });

  it('Chromium (MediaSource, and "maybe" for HLS): hls.js first, for its rendition control', () => {
    expect(plan(element(HLS), true)).toEqual(['hls.js', 'native', 'progressive']);
  });

  it('Firefox (MediaSource only): hls.js, then the MP4', () => {
    expect(plan(element(), true)).toEqual(['hls.js', 'progressive']);
  });

  it('no MediaSource and no HLS, or no playlist at all: the MP4', () => {
    expect(plan(element(), false)).toEqual(['progressive']);
    expect(plan(element(HLS), true, null)).toEqual(['progressive']);
  });
});

describe('which copy an audio plays', () => {
  const src = '/a.m4a';
  const lowDataUrl = '/a.webm';
  it('the Opus copy under data saver where the browser plays it', () => {
    expect(audioSource({ src, lowDataUrl, dataSaver: true, ...element(OPUS_WEBM_TYPE) })).toBe(lowDataUrl);
  });
  it('the AAC copy in Safari (no Opus in WebM), without data saver, or without a low-data copy', () => {
    expect(audioSource({ src, lowDataUrl, dataSaver: true, ...element('audio/mp4') })).toBe(src);
    expect(audioSource({ src, lowDataUrl, dataSaver: false, ...element(OPUS_WEBM_TYPE) })).toBe(src);
    expect(audioSource({ src, lowDataUrl: null, dataSaver: true, ...element(OPUS_WEBM_TYPE) })).toBe(src);
  });
});

describe('hls.js settings', () => {
  it('data saver starts at the lowest rendition and loads nothing before play', () => {
    expect(hlsConfig({ dataSaver: true })).toMatchObject({ startLevel: 0, autoStartLoad: false });
  });
  it('otherwise hls.js measures the link, from a cautious 500 kbps guess', () => {
    expect(hlsConfig({ dataSaver: false, startPosition: 42 })).toMatchObject({
      startLevel: -1,
      abrEwmaDefaultEstimate: 500_000,
      autoStartLoad: true,
      startPosition: 42,
      maxMaxBufferLength: PRE_PLAY_BUFFER_S,
    });
  });
  it('waits out a lost connection, gives up on a refused playlist, recovers a decode once', () => {
    const network = { fatal: true, type: 'networkError', details: 'fragLoadError' };
    expect(hlsErrorAction({ ...network, fatal: false }, 0)).toBe('none');
    expect(hlsErrorAction(network, 0)).toBe('reconnect');
    expect(hlsErrorAction({ ...network, details: 'manifestLoadError', response: { code: 0 } }, 0)).toBe('reconnect');
    expect(hlsErrorAction({ ...network, response: { code: 429 } }, 0)).toBe('reconnect');
    expect(hlsErrorAction({ ...network, details: 'manifestLoadError', response: { code: 403 } }, 0)).toBe('fallback');
    expect(hlsErrorAction({ ...network, details: 'manifestParsingError' }, 0)).toBe('fallback');
    const media = { fatal: true, type: 'mediaError', details: 'bufferAppendError' };
    expect(hlsErrorAction(media, 0)).toBe('recover');
    expect(hlsErrorAction(media, 1)).toBe('fallback');
    expect(hlsErrorAction({ fatal: true, type: 'otherError', details: 'internalException' }, 0)).toBe('fallback');
  });
});

describe('the level a chosen rendition pins', () => {
  const heights = [144, 360, 720];
  it('is that rendition, or hls.js choosing (-1) for auto', () => {
    expect(levelFor(heights, 360)).toBe(1);
    expect(levelFor(heights, 'auto')).toBe(-1);
    expect(levelFor([], 360)).toBe(-1);
  });
  it('is the tallest below a height this video lacks, or its lowest when all are taller', () => {
    expect(levelFor(heights, 1080)).toBe(2);
    expect(levelFor(heights, 480)).toBe(1);
    expect(levelFor([240, 360], 144)).toBe(0);
    expect(levelFor([360, 144, 720], 100)).toBe(1);
  });
});

describe('startHls', () => {
  let video: HTMLVideoElement;
  const callbacks = () => ({ onRendition: vi.fn(), onReconnecting: vi.fn(), onFallback: vi.fn() });
  const start = (options: Partial<Parameters<typeof startHls>[2]> & { dataSaver: boolean }) =>
    startHls(video, '/v/master.m3u8', { ...callbacks(), ...options }, loadFakeHls);
  const hls = () => FakeHls.instances.at(-1)!;

  beforeEach(() => {
    video = document.createElement('video');
    FakeHls.instances = [];
    FakeHls.supported = true;
  });
  afterEach(() => vi.useRealTimers());

  it('resolves null where hls.js cannot play', async () => {
    FakeHls.supported = false;
    expect(await start({ dataSaver: false })).toBeNull();
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('attaches to the video and tells each rendition switched to', async () => {
    const onRendition = vi.fn();
    await start({ dataSaver: false, onRendition });
    expect(hls().loaded).toEqual(['/v/master.m3u8']);
    expect(hls().media).toBe(video);
    expect(hls().autoLevelCapping).toBe(-1);
    hls().manifest();
    hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
    hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 });
    expect(onRendition.mock.calls).toEqual([[144], [720]]);
  });

  it('under data saver holds the lowest rendition and loads from the first play, at the remembered time', async () => {
    const handle = await start({ dataSaver: true, startPosition: 83 });
    expect(hls().autoLevelCapping).toBe(0);
    expect(hls().config).toMatchObject({ startLevel: 0, autoStartLoad: false });
    hls().manifest();
    expect(hls().startLoads).toEqual([]);
    video.dispatchEvent(new Event('play'));
    expect(hls().startLoads).toEqual([83]);
    expect(hls().config.maxBufferLength).toBe(PLAY_BUFFER_S);
    handle!.setDataSaver(false);
    expect(hls().autoLevelCapping).toBe(-1);
  });

  it('pins a remembered rendition as the playlist arrives, switches without a flush when the reader picks, lets go for auto', async () => {
    const onLevels = vi.fn();
    const handle = await start({ dataSaver: false, quality: 1080, onLevels });
    expect(hls().levelSets).toEqual([]);
    hls().manifest([144, 360, 720]);
    expect(onLevels).toHaveBeenCalledWith([144, 360, 720]);
    // Nothing buffered yet: the level to load (and to start at), the tallest there is below 1080p.
    expect(hls().levelSets).toEqual([{ via: 'loadLevel', level: 2 }]);
    handle!.setQuality(144);
    expect(hls().levelSets.at(-1)).toEqual({ via: 'nextLevel', level: 0 });
    handle!.setQuality('auto');
    expect(hls().levelSets.at(-1)).toEqual({ via: 'nextLevel', level: -1 });
    expect(hls().manualLevel).toBe(-1);
  });

  it('holds a choice made before the playlist came; under data saver a pinned rendition goes past the cap', async () => {
    const handle = await start({ dataSaver: true });
    handle!.setQuality(720);
    expect(hls().levelSets).toEqual([]);
    hls().manifest([144, 360, 720]);
    expect(hls().manualLevel).toBe(2);
    // The cap stays for hls.js's own choice, should the reader go back to it.
    expect(hls().autoLevelCapping).toBe(0);
    handle!.setQuality('auto');
    expect(hls().manualLevel).toBe(-1);
    expect(hls().autoLevelCapping).toBe(0);
  });

  it('takes a lost connection up again when the browser is online, where the picture is', async () => {
    vi.useFakeTimers();
    const onReconnecting = vi.fn();
    await start({ dataSaver: false, onReconnecting });
    hls().manifest();
    video.currentTime = 61;
    hls().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' });
    expect(onReconnecting).toHaveBeenLastCalledWith(true);
    window.dispatchEvent(new Event('online'));
    expect(hls().startLoads).toEqual([61]);
    // Still down: asked again after a growing wait, never given up.
    hls().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(hls().startLoads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hls().startLoads).toEqual([61, 61]);
    hls().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' });
    await vi.advanceTimersByTimeAsync(3999);
    expect(hls().startLoads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(hls().startLoads).toHaveLength(3);
    hls().emit(FakeHls.Events.FRAG_LOADED);
    expect(onReconnecting).toHaveBeenLastCalledWith(false);
    expect(hls().destroyed).toBe(false);
  });

  it('asks for the playlist again when it never came', async () => {
    await start({ dataSaver: false });
    hls().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'manifestLoadError' });
    window.dispatchEvent(new Event('online'));
    expect(hls().loaded).toEqual(['/v/master.m3u8', '/v/master.m3u8']);
  });

  it('recovers a broken decode once, then gives way to the MP4', async () => {
    const onFallback = vi.fn();
    await start({ dataSaver: false, onFallback });
    const media = { fatal: true, type: 'mediaError', details: 'bufferAppendError' };
    hls().emit(FakeHls.Events.ERROR, media);
    expect(hls().recoveries).toBe(1);
    expect(onFallback).not.toHaveBeenCalled();
    hls().emit(FakeHls.Events.ERROR, media);
    expect(onFallback).toHaveBeenCalledOnce();
    expect(hls().destroyed).toBe(true);
  });
});

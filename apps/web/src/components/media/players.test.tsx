import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { setDataSaver } from '../../lib/dataSaver';
import { AudioPlayer } from './AudioPlayer';
import { FakeHls } from './fakeHls';
import { resumePosition, savePosition } from './playbackMemory';
import { VideoPlayer } from './VideoPlayer';

// jsdom has no MediaSource, so no real hls.js: its stand-in records what the player asks of it.
vi.mock('hls.js', async () => ({ default: (await import('./fakeHls')).FakeHls }));

const HLS = 'application/vnd.apple.mpegurl';
const OPUS = 'audio/webm; codecs="opus"';
const show = (ui: ReactNode) => render(<Providers>{ui}</Providers>);
const hls = () => FakeHls.instances.at(-1)!;
/** The browser plays these types (jsdom plays none). */
const browserPlays = (...types: string[]) =>
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((t) => (types.includes(t) ? 'maybe' : ''));
/** What the element would know once its file's head has arrived. */
function loadMetadata(el: HTMLMediaElement, duration: number) {
  Object.defineProperty(el, 'duration', { configurable: true, value: duration });
  Object.defineProperty(el, 'readyState', { configurable: true, value: 1 });
  fireEvent(el, new Event('loadedmetadata'));
}

beforeEach(() => {
  localStorage.clear();
  FakeHls.instances = [];
  FakeHls.supported = true;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('VideoPlayer sources', () => {
  it('plays the playlist through hls.js where MediaSource exists, showing the rendition on screen', async () => {
    vi.stubGlobal('MediaSource', class {});
    browserPlays(HLS);
    show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const player = screen.getByRole('group', { name: 'Clip' });
    const video = player.querySelector('video')!;
    expect(player).toHaveAttribute('data-source', 'hls.js');
    expect(video).not.toHaveAttribute('src');
    expect(hls().media).toBe(video);
    expect(hls().config).toMatchObject({ startLevel: -1, abrEwmaDefaultEstimate: 500_000 });

    act(() => {
      hls().manifest([144, 360, 720]);
      hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
    });
    expect(player).toHaveAttribute('data-rendition', '144p');
    // A wider link: hls.js fetches 360p at once, and shows it when the buffer ahead has played.
    act(() => hls().emit(FakeHls.Events.LEVEL_SWITCHING, { level: 1 }));
    expect(player).toHaveAttribute('data-loading-rendition', '360p');
    expect(player).toHaveAttribute('data-rendition', '144p');
    act(() => hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 }));
    expect(player).toHaveAttribute('data-rendition', '360p');
    expect(screen.getByTestId('video-quality')).toHaveTextContent('Auto · 360p');
  });

  it('under data saver holds the lowest rendition, and lets go when the reader turns it off', async () => {
    vi.stubGlobal('MediaSource', class {});
    setDataSaver(true);
    show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    expect(hls().autoLevelCapping).toBe(0);
    expect(hls().config).toMatchObject({ startLevel: 0, autoStartLoad: false });
    act(() => {
      hls().manifest([144, 360]);
      hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
    });
    expect(screen.getByTestId('video-quality')).toHaveTextContent('Data saver · 144p');
    act(() => setDataSaver(false));
    expect(hls().autoLevelCapping).toBe(-1);
  });

  it("uses the browser's own HLS where hls.js cannot play, and the MP4 where neither can", async () => {
    vi.stubGlobal('MediaSource', class {});
    FakeHls.supported = false;
    browserPlays(HLS);
    const { unmount } = show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" />);
    const player = screen.getByRole('group', { name: 'Clip' });
    await waitFor(() => expect(player).toHaveAttribute('data-source', 'native'));
    expect(player.querySelector('video')).toHaveAttribute('src', '/v/master.m3u8');
    unmount();

    vi.unstubAllGlobals();
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('');
    show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Other" />);
    expect(screen.getByRole('group', { name: 'Other' }).querySelector('video')).toHaveAttribute('src', '/v.mp4');
  });

  it('gives way to the MP4 at the same time when hls.js breaks for good', async () => {
    vi.stubGlobal('MediaSource', class {});
    show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" mediaKey="post:9" />);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const player = screen.getByRole('group', { name: 'Clip' });
    const video = player.querySelector('video')!;
    loadMetadata(video, 300);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    video.currentTime = 95;
    fireEvent(video, new Event('timeupdate'));

    act(() => hls().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'manifestParsingError' }));
    expect(hls().destroyed).toBe(true);
    expect(player).toHaveAttribute('data-source', 'progressive');
    expect(video).toHaveAttribute('src', '/v.mp4');
    fireEvent(video, new Event('emptied'));
    video.currentTime = 0;
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    loadMetadata(video, 300);
    expect(video.currentTime).toBe(95);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
  });
});

describe('AudioPlayer under data saver', () => {
  it('plays the Opus copy where the browser plays it, the AAC copy elsewhere (Safari)', () => {
    setDataSaver(true);
    browserPlays(OPUS);
    const { unmount } = show(<AudioPlayer src="/a.m4a" lowDataUrl="/a.webm" title="Talk" />);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/a.webm');
    unmount();
    browserPlays('audio/mp4');
    show(<AudioPlayer src="/a.m4a" lowDataUrl="/a.webm" title="Talk" />);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/a.m4a');
  });

  it('plays the AAC copy without data saver', () => {
    browserPlays(OPUS);
    show(<AudioPlayer src="/a.m4a" lowDataUrl="/a.webm" title="Talk" />);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/a.m4a');
  });
});

describe('playback that remembers', () => {
  it('resumes where the reader stopped, saves on pause and forgets at the end', () => {
    savePosition('post:5', 83, 300);
    show(<VideoPlayer src="/v.mp4" title="Clip" mediaKey="post:5" />);
    const video = document.querySelector('video')!;
    loadMetadata(video, 300);
    expect(video.currentTime).toBe(83);
    expect(screen.getByText('Resumes at 01:23')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.queryByText('Resumes at 01:23')).not.toBeInTheDocument();
    video.currentTime = 140;
    fireEvent(video, new Event('timeupdate'));
    fireEvent(video, new Event('pause'));
    expect(resumePosition('post:5')).toBe(140);

    video.currentTime = 300;
    fireEvent(video, new Event('ended'));
    expect(resumePosition('post:5')).toBeNull();
  });

  it('saves while playing at most every 5 s, and when the page goes away', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      show(<AudioPlayer src="/a.m4a" title="Talk" mediaKey="post:6" />);
      const audio = document.querySelector('audio')!;
      loadMetadata(audio, 600);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      const tick = (time: number) => {
        audio.currentTime = time;
        fireEvent(audio, new Event('timeupdate'));
      };
      tick(10);
      expect(resumePosition('post:6')).toBe(10);
      vi.setSystemTime(Date.now() + 4000);
      tick(14);
      expect(resumePosition('post:6')).toBe(10);
      vi.setSystemTime(Date.now() + 1000);
      tick(15);
      expect(resumePosition('post:6')).toBe(15);
      tick(17);
      window.dispatchEvent(new Event('pagehide'));
      expect(resumePosition('post:6')).toBe(17);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a lost connection', () => {
  it('reloads the progressive audio when the browser is back online, at the same time, playing again', () => {
    show(<AudioPlayer src="/a.m4a" title="Talk" />);
    const audio = document.querySelector('audio')!;
    loadMetadata(audio, 600);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent(audio, new Event('playing'));
    audio.currentTime = 42;
    fireEvent(audio, new Event('timeupdate'));

    fireEvent(audio, new Event('error'));
    expect(screen.getByLabelText('Waiting for the network…')).toBeInTheDocument();
    expect(HTMLMediaElement.prototype.load).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalledOnce();

    fireEvent(audio, new Event('emptied'));
    audio.currentTime = 0;
    fireEvent(audio, new Event('timeupdate'));
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    loadMetadata(audio, 600);
    expect(audio.currentTime).toBe(42);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledOnce();
    fireEvent(audio, new Event('playing'));
    expect(screen.queryByLabelText('Waiting for the network…')).not.toBeInTheDocument();
  });

  it('also asks again every few seconds, and stops when the reader pauses', () => {
    vi.useFakeTimers();
    try {
      show(<AudioPlayer src="/a.m4a" title="Talk" />);
      const audio = document.querySelector('audio')!;
      loadMetadata(audio, 600);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      fireEvent(audio, new Event('playing'));
      fireEvent(audio, new Event('stalled'));
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(1);
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(2);
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { VIDEO_CONTROLS_IDLE_MS } from '@inkwell/contracts';
import { ActionIcon, Box, Group, Loader, Text } from '@mantine/core';
import { IconMaximize, IconPlayerPauseFilled, IconPlayerPlayFilled, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { alert } from '../../lib/alerts';
import { useDataSaver } from '../../lib/dataSaver';
import { formatClock } from './uploadState';
import type { VideoQuality } from './hlsSource';
import { QualityButton } from './QualityButton';
import type { QualityChoice } from './QualityMenu';
import { SeekSlider } from './SeekSlider';
import { usePlayback } from './usePlayback';
import { useVideoSource } from './useVideoSource';

export type VideoPlayerState = 'paused' | 'playing' | 'ended' | 'waiting' | 'stalled';

/** Shows the controls, then hides them after 5 s without a touch or move while the video plays. */
export function useIdleControls(active: boolean, idleMs = VIDEO_CONTROLS_IDLE_MS) {
  const [visible, setVisible] = useState(true);
  const [pokes, setPokes] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setVisible(false), idleMs);
    return () => clearTimeout(timer);
  }, [active, idleMs, pokes]);
  const poke = useCallback(() => {
    setVisible(true);
    setPokes((n) => n + 1);
  }, []);
  return { visible: visible || !active, poke };
}

/** The bar's controls, which also stay while the reader chooses a rendition, even as the video plays on. */
function useBarControls(playing: boolean, quality: QualityChoice | null) {
  const [menuOpen, setMenuOpen] = useState(false);
  // A menu whose button went away (hls.js gave way to the MP4) holds the controls no longer.
  const open = menuOpen && Boolean(quality?.renditions.length);
  const { visible, poke } = useIdleControls(playing && !open);
  const setMenu = useCallback(
    (next: boolean) => {
      setMenuOpen(next);
      // Closed with the keyboard after the bar had faded, the focus stays on a button the reader can see.
      poke();
    },
    [poke],
  );
  return { visible, poke, menuOpen: open, setMenuOpen: setMenu };
}

export interface VideoPlayerProps {
  /** The progressive MP4: played where adaptive streaming is not possible, and for media from before it. */
  src: string;
  poster?: string;
  title: string;
  /** The HLS master playlist, when the video has one. */
  hlsUrl?: string | null;
  /** The seek bar's thumbnails (WebVTT cues into one strip image), when the video has them. */
  thumbnailsUrl?: string | null;
  /** Remembers the position on this device under this key (a post's, not its signed address, which changes). */
  mediaKey?: string;
}

/**
 * Playing, paused, ended, waiting and stalled; controls that fade after 5 s idle; a tap on the picture
 * toggles fullscreen, and a refused fullscreen shows an alert with its message and name. Adaptive where the video has
 * a playlist (the rendition on screen in `data-rendition`, the one fetched in `data-loading-rendition`, the source in
 * `data-source`), the lowest rendition under data saver, or the one the reader picks (`data-quality`: "auto" or its
 * height); it resumes where the reader stopped and picks up a lost connection without a reload. Hovering or dragging
 * the seek bar previews the picture there, where the video has thumbnails.
 */
export function VideoPlayer({ src, poster, title, hlsUrl, thumbnailsUrl, mediaKey }: VideoPlayerProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const dataSaver = useDataSaver();
  const source = useVideoSource(video, { src, hlsUrl, dataSaver, mediaKey });
  const playback = usePlayback(video, { mediaKey, reconnect: source.kind !== 'hls.js' });
  const [elementState, setState] = useState<VideoPlayerState>('paused');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const playing = elementState === 'playing' || elementState === 'waiting' || elementState === 'stalled';
  // While the connection is taken up again the element may have stopped; the reader still waits for the network.
  const state: VideoPlayerState = playing && (playback.reconnecting || source.reconnecting) ? 'stalled' : elementState;
  const quality = qualityOf(source, dataSaver, t);
  const controls = useBarControls(playing, quality);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (playback.reconnecting) {
      playback.stop();
      setState('paused');
    } else if (el.paused || el.ended) void playback.play().catch(() => setState('paused'));
    else el.pause();
    controls.poke();
  };

  const toggleFullscreen = async () => {
    controls.poke();
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await box.current!.requestFullscreen();
    } catch (err) {
      const e = err as Error;
      alert('danger', `${e.message} (${e.name})`, t('media.fullscreen_failed'));
    }
  };

  return (
    <Box
      ref={box}
      pos="relative"
      bg="black"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '16 / 9' }}
      onMouseMove={controls.poke}
      onTouchStart={controls.poke}
      role="group"
      aria-label={title}
      data-state={state}
      data-source={source.kind}
      data-rendition={source.rendition ?? undefined}
      data-loading-rendition={source.loadingRendition ?? undefined}
      data-quality={source.quality ?? undefined}
    >
      <video
        ref={video}
        src={source.src}
        poster={poster}
        preload="metadata"
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        onClick={() => void toggleFullscreen()}
        onPlaying={() => setState('playing')}
        onPause={() => setState((s) => (s === 'ended' ? s : 'paused'))}
        onEnded={() => setState('ended')}
        onWaiting={() => setState('waiting')}
        onStalled={() => setState((s) => (s === 'paused' || s === 'ended' ? s : 'stalled'))}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
      />
      {(state === 'waiting' || state === 'stalled') && (
        <Loader
          color="white"
          pos="absolute"
          top="50%"
          left="50%"
          style={{ transform: 'translate(-50%, -50%)' }}
          aria-label={t(`media.state.${state}`)}
        />
      )}
      {playback.resumedAt !== null && (
        <Text
          size="xs"
          c="white"
          pos="absolute"
          top={8}
          left={8}
          px={6}
          bg="rgba(0,0,0,.6)"
          style={{ borderRadius: 4 }}
        >
          {t('media.resumes_at', { time: formatClock(playback.resumedAt) })}
        </Text>
      )}
      <ControlBar
        visible={controls.visible}
        state={state}
        time={time}
        duration={duration}
        quality={quality}
        menuOpen={controls.menuOpen}
        onMenuOpen={controls.setMenuOpen}
        thumbnailsUrl={thumbnailsUrl}
        bounds={box}
        onToggle={toggle}
        onSeek={(v) => {
          if (video.current) video.current.currentTime = v;
          setTime(v);
          controls.poke();
        }}
        onFullscreen={() => void toggleFullscreen()}
      />
    </Box>
  );
}

/**
 * The rendition playing, for the bar, and how it was chosen for screen readers and on hover; under hls.js the
 * renditions to choose from as well. Until one plays, a pinned rendition stands for it (data saver loads nothing
 * before play, and the reader may want to choose first).
 */
function qualityOf(
  source: {
    rendition: string | null;
    kind: string;
    renditions: number[];
    quality: VideoQuality | null;
    setQuality: (quality: VideoQuality) => void;
  },
  dataSaver: boolean,
  t: (key: string, options: Record<string, string>) => string,
): QualityChoice | null {
  const choice = source.quality ?? 'auto';
  const rendition = source.rendition ?? (choice !== 'auto' && source.renditions.length ? `${choice}p` : null);
  if (!rendition || source.kind === 'progressive') return null;
  const key =
    choice !== 'auto'
      ? 'media.quality_fixed'
      : dataSaver && source.kind === 'hls.js'
        ? 'media.quality_saver'
        : 'media.quality_auto';
  return {
    rendition,
    label: t(key, { rendition }),
    renditions: source.renditions,
    choice,
    dataSaver,
    onChoose: source.setQuality,
  };
}

/** Play, position, time, the rendition playing and full screen, along the bottom of the picture. */
function ControlBar({
  visible,
  state,
  time,
  duration,
  quality,
  menuOpen,
  onMenuOpen,
  thumbnailsUrl,
  bounds,
  onToggle,
  onSeek,
  onFullscreen,
}: {
  visible: boolean;
  state: VideoPlayerState;
  time: number;
  duration: number;
  quality: QualityChoice | null;
  menuOpen: boolean;
  onMenuOpen: (open: boolean) => void;
  thumbnailsUrl?: string | null;
  bounds: RefObject<HTMLDivElement | null>;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onFullscreen: () => void;
}) {
  const { t } = useTranslation();
  const playing = state === 'playing' || state === 'waiting' || state === 'stalled';
  return (
    <Group
      // Narrow gaps: the 44 px targets keep their own margin around their icons, and the seek bar the width.
      gap={4}
      wrap="nowrap"
      p="xs"
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
      style={{
        background: 'linear-gradient(transparent, rgba(0,0,0,.7))',
        opacity: visible ? 1 : 0,
        transition: 'opacity 200ms',
        pointerEvents: visible ? 'auto' : 'none',
      }}
      data-testid="video-controls"
      data-visible={visible}
    >
      <ActionIcon
        variant="transparent"
        c="white"
        size={44}
        onClick={onToggle}
        aria-label={state === 'ended' ? t('media.replay') : playing ? t('media.pause') : t('media.play')}
      >
        {state === 'ended' ? <IconRefresh /> : playing ? <IconPlayerPauseFilled /> : <IconPlayerPlayFilled />}
      </ActionIcon>
      <SeekSlider
        time={time}
        duration={duration}
        color="white"
        size="sm"
        onSeek={onSeek}
        thumbnailsUrl={thumbnailsUrl}
        bounds={bounds}
      />
      <Text size="xs" c="white" ff="monospace">
        {formatClock(time)} / {formatClock(duration)}
      </Text>
      {quality && <QualityButton quality={quality} open={menuOpen} onOpenChange={onMenuOpen} bounds={bounds} />}
      <ActionIcon variant="transparent" c="white" size={44} onClick={onFullscreen} aria-label={t('media.fullscreen')}>
        <IconMaximize />
      </ActionIcon>
    </Group>
  );
}

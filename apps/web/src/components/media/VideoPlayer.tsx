import { VIDEO_CONTROLS_IDLE_MS } from '@inkwell/contracts';
import { ActionIcon, Box, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconMaximize, IconPlayerPauseFilled, IconPlayerPlayFilled, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alert } from '../../lib/alerts';
import { useDataSaver } from '../../lib/dataSaver';
import { formatClock } from './uploadState';
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

export interface VideoPlayerProps {
  /** The progressive MP4: played where adaptive streaming is not possible, and for media from before it. */
  src: string;
  poster?: string;
  title: string;
  /** The HLS master playlist, when the video has one. */
  hlsUrl?: string | null;
  /** Remembers the position on this device under this key (a post's, not its signed address, which changes). */
  mediaKey?: string;
}

/**
 * Playing, paused, ended, waiting and stalled; controls that fade after 5 s idle; a tap on the picture
 * toggles fullscreen, and a refused fullscreen shows an alert with its message and name. Adaptive where the video has
 * a playlist (the rendition on screen in `data-rendition`, the one fetched in `data-loading-rendition`, the source in
 * `data-source`), the lowest rendition under data saver; it resumes where the reader stopped and picks up a lost
 * connection without a reload.
 */
export function VideoPlayer({ src, poster, title, hlsUrl, mediaKey }: VideoPlayerProps) {
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
  const controls = useIdleControls(playing);
  const quality = qualityOf(source, dataSaver, t);

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
 * The rendition playing, for the bar: alone ("144p": the same in every language, and short enough for a phone's
 * bar in Burmese), and how it was chosen for screen readers and on hover.
 */
function qualityOf(
  source: { rendition: string | null; kind: string },
  dataSaver: boolean,
  t: (key: string, options: Record<string, string>) => string,
) {
  if (!source.rendition || source.kind === 'progressive') return null;
  const key = dataSaver && source.kind === 'hls.js' ? 'media.quality_saver' : 'media.quality_auto';
  return { rendition: source.rendition, label: t(key, { rendition: source.rendition }) };
}

/** Play, position, time, the rendition playing and full screen, along the bottom of the picture. */
function ControlBar({
  visible,
  state,
  time,
  duration,
  quality,
  onToggle,
  onSeek,
  onFullscreen,
}: {
  visible: boolean;
  state: VideoPlayerState;
  time: number;
  duration: number;
  quality: { rendition: string; label: string } | null;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onFullscreen: () => void;
}) {
  const { t } = useTranslation();
  const playing = state === 'playing' || state === 'waiting' || state === 'stalled';
  return (
    <Group
      gap="xs"
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
      <SeekSlider time={time} duration={duration} color="white" size="sm" onSeek={onSeek} />
      <Text size="xs" c="white" ff="monospace">
        {formatClock(time)} / {formatClock(duration)}
      </Text>
      {quality && (
        <Text size="xs" c="white" style={{ whiteSpace: 'nowrap' }} data-testid="video-quality" title={quality.label}>
          <span aria-hidden="true">{quality.rendition}</span>
          <VisuallyHidden>{quality.label}</VisuallyHidden>
        </Text>
      )}
      <ActionIcon variant="transparent" c="white" size={44} onClick={onFullscreen} aria-label={t('media.fullscreen')}>
        <IconMaximize />
      </ActionIcon>
    </Group>
  );
}

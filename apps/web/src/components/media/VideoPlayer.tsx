import { VIDEO_CONTROLS_IDLE_MS } from '@inkwell/contracts';
import { ActionIcon, Box, Group, Loader, Text } from '@mantine/core';
import { IconMaximize, IconPlayerPauseFilled, IconPlayerPlayFilled, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alert } from '../../lib/alerts';
import { formatClock } from './uploadState';
import { SeekSlider } from './SeekSlider';

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

/**
 * Playing, paused, ended, waiting and stalled; controls that fade after 5 s idle; a tap on the picture
 * toggles fullscreen, and a refused fullscreen shows an alert with its message and name.
 */
export function VideoPlayer({ src, poster, title }: { src: string; poster?: string; title: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<VideoPlayerState>('paused');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const playing = state === 'playing' || state === 'waiting' || state === 'stalled';
  const controls = useIdleControls(playing);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused || el.ended) void el.play().catch(() => setState('paused'));
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
    >
      <video
        ref={video}
        src={src}
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
          opacity: controls.visible ? 1 : 0,
          transition: 'opacity 200ms',
          pointerEvents: controls.visible ? 'auto' : 'none',
        }}
        data-testid="video-controls"
        data-visible={controls.visible}
      >
        <ActionIcon
          variant="transparent"
          c="white"
          size={44}
          onClick={toggle}
          aria-label={state === 'ended' ? t('media.replay') : playing ? t('media.pause') : t('media.play')}
        >
          {state === 'ended' ? <IconRefresh /> : playing ? <IconPlayerPauseFilled /> : <IconPlayerPlayFilled />}
        </ActionIcon>
        <SeekSlider
          time={time}
          duration={duration}
          color="white"
          size="sm"
          onSeek={(v) => {
            if (video.current) video.current.currentTime = v;
            setTime(v);
            controls.poke();
          }}
        />
        <Text size="xs" c="white" ff="monospace">
          {formatClock(time)} / {formatClock(duration)}
        </Text>
        <ActionIcon
          variant="transparent"
          c="white"
          size={44}
          onClick={() => void toggleFullscreen()}
          aria-label={t('media.fullscreen')}
        >
          <IconMaximize />
        </ActionIcon>
      </Group>
    </Box>
  );
}

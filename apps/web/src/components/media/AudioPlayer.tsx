import { ActionIcon, Group, Loader, Paper, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../lib/dataSaver';
import { audioSource } from './hlsSource';
import { formatClock } from './uploadState';
import { SeekSlider } from './SeekSlider';
import { usePlayback } from './usePlayback';

export type AudioPlayerState = 'paused' | 'playing' | 'waiting' | 'stalled';

export interface AudioPlayerProps {
  /** The AAC copy, playable everywhere. */
  src: string;
  title: string;
  /** The Opus copy (about a third of the data), played under data saver where the browser plays Opus in WebM. */
  lowDataUrl?: string | null;
  /** Remembers the position on this device under this key (a post's, not its signed address, which changes). */
  mediaKey?: string;
}

const canPlayType = (type: string) =>
  typeof document === 'undefined' ? '' : document.createElement('audio').canPlayType(type);

/**
 * Play/pause, a waiting or stalled indicator, a seek bar and time as HH:MM:SS without zero hours/minutes. It resumes
 * where the reader stopped on this device and picks up a lost connection without a reload.
 */
export function AudioPlayer({ src, title, lowDataUrl, mediaKey }: AudioPlayerProps) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const dataSaver = useDataSaver();
  const elementSrc = useMemo(
    () => audioSource({ src, lowDataUrl, dataSaver, canPlayType }),
    [src, lowDataUrl, dataSaver],
  );
  const playback = usePlayback(audio, { mediaKey, reconnect: true });
  const [elementState, setState] = useState<AudioPlayerState>('paused');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const playing = elementState !== 'paused';
  // While the connection is taken up again the element may have stopped; the reader still waits for the network.
  const state: AudioPlayerState = playing && playback.reconnecting ? 'stalled' : elementState;

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (playback.reconnecting) {
      playback.stop();
      setState('paused');
    } else if (el.paused) void playback.play().catch(() => setState('paused'));
    else el.pause();
  };

  return (
    <Paper withBorder radius="md" p="sm" aria-label={title} role="group">
      <audio
        ref={audio}
        src={elementSrc}
        preload="metadata"
        onPlaying={() => setState('playing')}
        onPause={() => setState('paused')}
        onEnded={() => setState('paused')}
        onWaiting={() => setState('waiting')}
        onStalled={() => setState((s) => (s === 'paused' ? s : 'stalled'))}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        data-state={state}
        data-low-data={elementSrc !== src}
      />
      <Group gap="sm" wrap="nowrap">
        <ActionIcon size={44} radius="xl" onClick={toggle} aria-label={playing ? t('media.pause') : t('media.play')}>
          {playing ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
        </ActionIcon>
        <SeekSlider
          time={time}
          duration={duration}
          onSeek={(v) => {
            if (audio.current) audio.current.currentTime = v;
            setTime(v);
          }}
        />
        {(state === 'waiting' || state === 'stalled') && <Loader size="xs" aria-label={t(`media.state.${state}`)} />}
        <Text size="sm" ff="monospace" aria-label={t('media.time')} miw={70} ta="right">
          {formatClock(time)} / {formatClock(duration)}
        </Text>
      </Group>
    </Paper>
  );
}

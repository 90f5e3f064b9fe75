import { ActionIcon, Group, Loader, Paper, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './uploadState';
import { SeekSlider } from './SeekSlider';

export type AudioPlayerState = 'paused' | 'playing' | 'waiting' | 'stalled';

/** Play/pause, a waiting or stalled indicator, a seek bar and time as HH:MM:SS without zero hours/minutes. */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<AudioPlayerState>('paused');
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const playing = state !== 'paused';

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setState('paused'));
    else el.pause();
  };

  return (
    <Paper withBorder radius="md" p="sm" aria-label={title} role="group">
      <audio
        ref={audio}
        src={src}
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

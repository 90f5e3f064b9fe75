import { Text } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload, IconCloudX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './autosave';

/** Where the draft stands, said politely to screen readers: saving, saved at a time, or not saved (retried). */
export function DraftStatus({ state }: { state: SaveState }) {
  const { t, i18n } = useTranslation();
  const line = (() => {
    switch (state.phase) {
      case 'idle':
        return { icon: null, text: t('posts.draft.autosave') };
      case 'kept':
        return { icon: <IconCloudCheck size={16} aria-hidden />, text: t('posts.draft.kept') };
      case 'saving':
        return { icon: <IconCloudUpload size={16} aria-hidden />, text: t('posts.draft.saving') };
      case 'saved':
        return {
          icon: <IconCloudCheck size={16} aria-hidden />,
          text: t('posts.draft.saved', {
            time: new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(state.at),
          }),
        };
      case 'failed':
        return { icon: <IconCloudX size={16} aria-hidden />, text: t('posts.draft.failed') };
    }
  })();
  return (
    <Text size="sm" c={state.phase === 'failed' ? 'red.8' : 'dimmed'} role="status" aria-live="polite" component="div">
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
        {line.icon}
        {line.text}
      </span>
    </Text>
  );
}

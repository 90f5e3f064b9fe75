import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './autosave';

/** Where the draft stands, said politely to screen readers: saving, saved at a time, or not saved (retried). */
export function DraftStatus({ state }: { state: SaveState }) {
  const { t, i18n } = useTranslation();
  // Words alone (no icons): the composer's first visit has no room left for them.
  const text = (() => {
    switch (state.phase) {
      case 'idle':
        return t('posts.draft.autosave');
      case 'kept':
        return t('posts.draft.kept');
      case 'saving':
        return t('posts.draft.saving');
      case 'saved':
        return t('posts.draft.saved', {
          time: new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(state.at),
        });
      case 'failed':
        return t('posts.draft.failed');
    }
  })();
  return (
    <Text size="sm" c={state.phase === 'failed' ? 'red.8' : 'dimmed'} role="status" aria-live="polite" component="div">
      {text}
    </Text>
  );
}

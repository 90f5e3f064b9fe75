import type { Post } from '@inkwell/contracts';
import { Anchor, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The history dialog, its query and its words' layout load on the first press: the mark is on every feed's cards.
// Its messages come with it (toolsMessages.ts), not with every feed.
const loadTools = () => import('./toolsMessages').then((m) => m.loadToolsMessages());
const EditHistory = lazy(async () => {
  const [history] = await Promise.all([import('./EditHistory'), loadTools()]);
  return { default: history.EditHistory };
});

/** "· Edited" beside a post's time once it was edited after publishing; it opens the post's edit history. */
export function EditedMark({ post }: { post: Post }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (!post.edited_at) return null;
  return (
    <>
      <Text c="dimmed" aria-hidden>
        ·
      </Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="dimmed"
        underline="hover"
        lh="44px"
        style={{ flexShrink: 0 }}
        aria-haspopup="dialog"
        title={t('history.open')}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
      >
        {t('history.edited')}
      </Anchor>
      {used && (
        <Suspense fallback={null}>
          <EditHistory post={post} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

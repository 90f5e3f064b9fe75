import type { Post } from '@inkwell/contracts';
import { NavLink } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { useMyAccounts } from '../accounts/api';
import { useToolsMessages } from './toolsMessages';
import { pinRefusal, pinsQuery, reorderedPins, useSetPins } from './pins';

type Move = -1 | 1 | null | 'pin';

/**
 * A post's pin items in its menu, for its account's people (not an administrator who may edit it) on a published
 * post: Pin to account page, or Unpin, Move up and Move down. Each sends the account's whole new order.
 */
export function PinActions({ post, onClose }: { post: Post; onClose: () => void }) {
  const session = useSession();
  const mine = useMyAccounts(Boolean(session));
  const member = Boolean(mine.data?.data.some((a) => a.id === post.account_id));
  if (!member || !post.can_modify || post.status !== 'published') return null;
  return <PinItems post={post} onClose={onClose} />;
}

function PinItems({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const pins = useQuery(pinsQuery(post.account_id));
  const setPins = useSetPins(post.account_id);
  const ready = useToolsMessages();
  if (!pins.data || !ready) return null;
  const list = pins.data.data;
  const at = list.findIndex((p) => p.id === post.id);
  const act = (move: Move, done: string) => {
    onClose();
    setPins.mutate(reorderedPins(list, post, move), {
      onSuccess: () => alert('success', done),
      onError: (error) => alert('danger', pinRefusal(error)),
    });
  };
  const item = (label: string, icon: ReactNode, move: Move, done: string) => (
    <NavLink component="button" label={label} leftSection={icon} py="md" onClick={() => act(move, done)} />
  );
  if (at < 0) {
    // With three pinned already, the server says why a fourth is refused.
    return item(t('pins.pin'), <IconPin size={20} />, 'pin', t('pins.pinned'));
  }
  return (
    <>
      {item(t('pins.unpin'), <IconPinnedOff size={20} />, null, t('pins.unpinned'))}
      {at > 0 && item(t('pins.move_up'), <IconArrowUp size={20} />, -1, t('pins.moved'))}
      {at < list.length - 1 && item(t('pins.move_down'), <IconArrowDown size={20} />, 1, t('pins.moved'))}
    </>
  );
}

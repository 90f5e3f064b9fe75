import type { Person } from '@inkwell/contracts';
import { Button, Group } from '@mantine/core';
import { IconUserCheck, IconUserMinus, IconUserPlus, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFriendAction, type FriendAction } from './api';

/**
 * The spec's friendship states as buttons: not friends → Add friend; pending (I asked) → Cancel request;
 * awaiting (they asked) → Accept or Decline; friends → Remove. None on one's own profile.
 */
export function FriendButtons({ person }: { person: Person }) {
  const { t } = useTranslation();
  const action = useFriendAction();
  if (person.is_me) return null;
  const run = (act: FriendAction) => action.mutate({ action: act, person });
  // Spec §8: friend errors are logged only; the buttons show the state the server answered.
  const busy = (act: FriendAction) => action.isPending && action.variables?.action === act;
  const disabled = action.isPending;

  if (person.is_friend)
    return (
      <Button
        variant="default"
        leftSection={<IconUserMinus size={18} />}
        onClick={() => run('remove')}
        loading={busy('remove')}
        disabled={disabled}
      >
        {t('friends.remove')}
      </Button>
    );
  if (person.pending_friend_request)
    return (
      <Button
        variant="default"
        leftSection={<IconUserX size={18} />}
        onClick={() => run('remove')}
        loading={busy('remove')}
        disabled={disabled}
      >
        {t('friends.cancel_request')}
      </Button>
    );
  if (person.awaiting_friend_request)
    return (
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={<IconUserCheck size={18} />}
          onClick={() => run('accept')}
          loading={busy('accept')}
          disabled={disabled}
        >
          {t('friends.accept')}
        </Button>
        <Button variant="default" onClick={() => run('remove')} loading={busy('remove')} disabled={disabled}>
          {t('friends.decline')}
        </Button>
      </Group>
    );
  return (
    <Button
      leftSection={<IconUserPlus size={18} />}
      onClick={() => run('add')}
      loading={busy('add')}
      disabled={disabled}
    >
      {t('friends.add')}
    </Button>
  );
}

import type { Pack } from '@inkwell/contracts';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { UserAvatar } from '../../components/UserAvatar';
import { alert } from '../../lib/alerts';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { usePackAccountFollow } from './queries';

/** One account of a pack: who it is, and Follow (a guest is asked to sign in first and comes back to the pack). */
export function PackAccountCard({ account, packId }: { account: Pack['accounts'][number]; packId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const signInFirst = useSignInFirst();
  const follow = usePackAccountFollow(packId);
  return (
    <Card withBorder radius="lg" padding="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar url={account.profile_url} name={account.name} size={48} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/a/${account.username}`} c="inherit" fw={700} lineClamp={1}>
            {account.name}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1}>
            /a/{account.username}
          </Text>
          {account.description && (
            <Text size="sm" lineClamp={2}>
              {account.description}
            </Text>
          )}
        </Stack>
        <Button
          variant={account.is_followed ? 'default' : 'filled'}
          mih={44}
          style={{ flex: 'none' }}
          loading={follow.isPending}
          aria-pressed={account.is_followed}
          aria-label={`${account.is_followed ? t('accounts.following') : t('accounts.follow')} ${account.name}`}
          onClick={() =>
            session
              ? follow.mutate(
                  { id: account.id, follow: !account.is_followed },
                  { onError: (error) => alert('danger', errorMessage(error)) },
                )
              : signInFirst()
          }
        >
          {account.is_followed ? t('accounts.following') : t('accounts.follow')}
        </Button>
      </Group>
    </Card>
  );
}

import { PRODUCT_NAME } from '@inkwell/contracts';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { sayRefusal, useOpenChat } from '../chats/api';
import { FriendButtons } from '../friends';
import { Safety } from '../safety';
import { usePerson } from './api';

/**
 * Another person's public profile (`/u/{id}`): name, picture, friend buttons and a way to talk; its menu reports or
 * blocks them. While I block them, the page says so and offers nothing that would reach them.
 */
export function PersonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const person = usePerson(id);
  const openChat = useOpenChat();
  const [menu, setMenu] = useState(false);
  const p = person.data?.data;

  useEffect(() => {
    if (p) document.title = `${p.name} (@${p.username}) · ${PRODUCT_NAME}`;
  }, [p]);
  useEffect(() => {
    if (person.isError || !Number.isInteger(id) || id <= 0) void navigate('/404', { replace: true });
  }, [person.isError, id, navigate]);

  if (!p) return <PageLoader />;
  return (
    <Stack gap="md">
      <BackBar title={t('friends.profile_title')} level={2} />
      <Card withBorder radius="lg" padding="lg">
        <Stack align="center" gap="xs" ta="center">
          <UserAvatar url={p.profile_url} name={p.name} size={112} />
          <Title order={1} fz="h2">
            {p.name}
          </Title>
          <Text c="dimmed">@{p.username}</Text>
          {p.is_friend && (
            <Text size="sm" c="teal.8" fw={600}>
              {t('friends.are_friends')}
            </Text>
          )}
          {p.awaiting_friend_request && <Text size="sm">{t('friends.asked_you', { name: p.name })}</Text>}
          {p.is_blocked && <Safety part="state" subject={{ kind: 'user', person: p }} />}
          {!p.is_me && (
            <Group justify="center" gap="xs" mt="sm" wrap="wrap">
              {!p.is_blocked && (
                <>
                  <FriendButtons person={p} />
                  <Button
                    variant="light"
                    leftSection={<IconMessageCircle size={18} />}
                    loading={openChat.isPending}
                    onClick={() => openChat.mutate({ userIds: [p.id], isAccount: false }, { onError: sayRefusal })}
                  >
                    {t('chats.message')}
                  </Button>
                </>
              )}
              <ActionIcon
                variant="default"
                size={44}
                aria-label={t('safety.more')}
                title={t('safety.more')}
                onClick={() => setMenu(true)}
              >
                <IconDots size={20} />
              </ActionIcon>
            </Group>
          )}
          {menu && <Safety part="menu" subject={{ kind: 'user', person: p }} onClose={() => setMenu(false)} />}
        </Stack>
      </Card>
    </Stack>
  );
}

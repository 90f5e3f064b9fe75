import { usersApi, type PublicUser } from '@inkwell/contracts';
import { Alert, Button, Card, Checkbox, Chip, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMessageCircle, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { AvatarName } from '../../components/AvatarName';
import { useSession } from '../../session/session';
import { useOpenChat } from './api';

/**
 * `/find`: search contacts (the search runs only with a query), pick people, then open a chat with one of
 * them or a group with several (the group button stays off while exactly one is picked, spec §5).
 */
export function FindPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Map<number, PublicUser>>(new Map());
  const openChat = useOpenChat();
  const results = useQuery({
    queryKey: ['find', query],
    queryFn: () => call(usersApi.list, { query: { q: query } }),
    enabled: query.length > 0,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setQuery(text.trim());
  };
  const toggle = (user: PublicUser) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user);
      return next;
    });
  const people = (results.data?.data ?? []).filter((u) => u.id !== session?.id);
  const ids = [...picked.keys()];

  return (
    <Stack gap="md">
      <BackBar title={t('titles.find')} to="/chats" />
      <form onSubmit={search}>
        <Group gap="xs" wrap="nowrap" align="end">
          <TextInput
            style={{ flex: 1 }}
            label={t('chats.search_label')}
            placeholder={t('chats.search_placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            maxLength={100}
          />
          <Button type="submit" disabled={text.trim().length === 0}>
            {t('actions.search')}
          </Button>
        </Group>
      </form>

      {picked.size > 0 && (
        <Card withBorder radius="md" padding="sm">
          <Text size="sm" fw={600} mb={6}>
            {t('chats.picked', { count: picked.size })}
          </Text>
          <Group gap={6}>
            {[...picked.values()].map((u) => (
              <Chip key={u.id} checked onChange={() => toggle(u)} size="sm">
                {u.name}
              </Chip>
            ))}
          </Group>
        </Card>
      )}
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={<IconMessageCircle size={18} />}
          disabled={ids.length !== 1}
          loading={openChat.isPending && ids.length === 1}
          onClick={() => openChat.mutate({ userIds: ids, isAccount: false })}
        >
          {t('chats.open_chat')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUsersGroup size={18} />}
          disabled={ids.length < 2}
          loading={openChat.isPending && ids.length > 1}
          onClick={() => openChat.mutate({ userIds: ids, isAccount: false })}
        >
          {t('chats.group_chat')}
        </Button>
      </Group>
      {openChat.isError && <Alert color="red">{errorMessage(openChat.error)}</Alert>}

      {!query && (
        <Text c="dimmed" size="sm">
          {t('chats.find_hint')}
        </Text>
      )}
      {query && (
        <section aria-labelledby="find-results">
          <Title order={2} fz="h5" id="find-results" mb="xs">
            {t('search.people')}
          </Title>
          {results.isPending && <PageLoader />}
          {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
          {results.isSuccess && people.length === 0 && (
            <EmptyState icon={<IconSearch size={32} />} title={t('search.empty_title')} body={t('search.empty_body')} />
          )}
          <Stack gap="xs">
            {people.map((user) => (
              <PersonCheckbox key={user.id} user={user} checked={picked.has(user.id)} onToggle={() => toggle(user)} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

/** A person found, picked or not for the chat by ticking their card. */
function PersonCheckbox({ user, checked, onToggle }: { user: PublicUser; checked: boolean; onToggle: () => void }) {
  return (
    <Card withBorder radius="md" padding="xs">
      <Checkbox
        size="md"
        checked={checked}
        onChange={onToggle}
        styles={{ body: { alignItems: 'center' }, labelWrapper: { minWidth: 0 } }}
        label={
          <AvatarName
            url={user.profile_url}
            name={user.name}
            size={40}
            gap="sm"
            detail={`@${user.username}`}
            detailSize="sm"
            truncateDetail
          />
        }
      />
    </Card>
  );
}

import type { Account } from '@inkwell/contracts';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlsoFollowed } from './queries';
import { useDiscoveryMessages } from './messages';
import { KEEP_WORDS, SuggestedAccountCard } from './SuggestedAccountCard';

/** A row or two on the account page: more would push its posts' Load more out of reach. */
const SHOWN = 6;

/**
 * "Readers also follow": accounts this account's readers follow too, with Follow. Nothing at all while it loads,
 * when it fails, or when there are none: it sits below the posts, and a heading over nothing says nothing.
 */
export function AlsoFollowed({ account }: { account: Pick<Account, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const ready = useDiscoveryMessages();
  const also = useAlsoFollowed(account.id);
  const heading = useId();
  const list = (also.data?.data ?? []).filter((a) => a.id !== account.id).slice(0, SHOWN);
  if (!ready || list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={heading} data-testid="also-followed">
      <div>
        <Title order={2} fz="h4" id={heading} style={KEEP_WORDS}>
          {t('suggestions.also_followed')}
        </Title>
        <Text size="sm" c="dimmed" style={KEEP_WORDS}>
          {t('suggestions.also_followed_hint', { name: account.name })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {list.map((a) => (
          <SuggestedAccountCard key={a.id} account={a} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session';
import { useOnboarding, useSuggestedAccounts } from './queries';
import { useDiscoveryMessages } from './messages';
import { KEEP_WORDS, SuggestedAccountCard } from './SuggestedAccountCard';

/** Enough to fill a short feed without burying it. */
const FEED_SUGGESTIONS = 5;

const dismissKey = (userId: number) => `inkwell.onboarding_card_dismissed.${userId}`;

function readDismissed(userId: number): boolean {
  try {
    return localStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** "Set up your feed", while the reader has not finished (nor skipped) onboarding; hidden for good once closed. */
function SetUpCard() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = session?.user.id ?? 0;
  const onboarding = useOnboarding(Boolean(session));
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  if (dismissed || onboarding.data?.data.done !== false) return null;
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--mantine-color-indigo-light)">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="h4" style={KEEP_WORDS}>
            {t('suggestions.setup_title')}
          </Title>
          <Text size="sm" style={KEEP_WORDS}>
            {t('suggestions.setup_body')}
          </Text>
        </Stack>
        <CloseButton
          size="lg"
          aria-label={t('suggestions.dismiss')}
          onClick={() => {
            setDismissed(true);
            try {
              localStorage.setItem(dismissKey(userId), '1');
            } catch {
              // Storage blocked: it stays closed for this visit.
            }
          }}
        />
      </Group>
      <Button component={Link} to="/onboarding" mt="sm" mih={44} style={KEEP_WORDS}>
        {t('suggestions.setup_action')}
      </Button>
    </Paper>
  );
}

/**
 * Under a short followed feed (fewer than a page of posts): the way into onboarding while it is unfinished, and
 * accounts to follow with their latest posts. Following one refetches the feed (the follows feature's mutation).
 */
export function FeedSuggestions() {
  const { t } = useTranslation();
  const ready = useDiscoveryMessages();
  const suggestions = useSuggestedAccounts({ perPage: FEED_SUGGESTIONS });
  const heading = useId();
  if (!ready) return null;
  const list = suggestions.data?.pages[0]?.data ?? [];
  return (
    <Stack gap="md" mt="xl">
      <SetUpCard />
      {list.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby={heading} data-testid="feed-suggestions">
          <div>
            <Title order={2} fz="h4" id={heading} style={KEEP_WORDS}>
              {t('suggestions.title')}
            </Title>
            <Text size="sm" c="dimmed" style={KEEP_WORDS}>
              {t('suggestions.hint')}
            </Text>
          </div>
          {list.map((s) => (
            <SuggestedAccountCard key={s.account.id} account={s.account} reason={s} latestPost={s.latest_post} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

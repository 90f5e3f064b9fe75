import type { SuggestedAccount } from '@inkwell/contracts';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { UserAvatar } from '../../components/UserAvatar';
import { alert } from '../../lib/alerts';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useFollowSuggested, useHideSuggestion } from './queries';

/** A card's account: a suggestion's, or one of "readers also follow" (no reason, no latest post). */
type CardAccount = SuggestedAccount['account'];

/** Burmese and Thai run words together: a label breaks between words (spaces), never inside one. */
export const KEEP_WORDS = { wordBreak: 'keep-all', overflowWrap: 'anywhere' } as const;

/**
 * A post's first words for a card: the title when it has one, else the start of its text. Burmese and Thai run
 * words together, so text with few spaces is cut by length (as the posts' own excerpt does).
 */
export function firstWords(post: NonNullable<SuggestedAccount['latest_post']>, words = 16): string {
  if (post.title) return post.title;
  const clean = (post.content ?? '').replace(/\s+/g, ' ').trim();
  const parts = clean.split(' ');
  if (parts.length > words) return `${parts.slice(0, words).join(' ')}…`;
  return clean.length > words * 8 ? `${clean.slice(0, words * 8)}…` : clean;
}

/** Why an account is suggested, in words: the account, tag or language behind it when the server names one. */
export function reasonText(t: TFunction, s: Pick<SuggestedAccount, 'reason' | 'because'>): string {
  switch (s.reason) {
    case 'co_follow':
      return s.because.account
        ? t('suggestions.reason.co_follow', { name: s.because.account.name })
        : t('suggestions.reason.co_follow_plain');
    case 'topic':
      return s.because.tag
        ? t('suggestions.reason.topic', { tag: s.because.tag })
        : t('suggestions.reason.topic_plain');
    case 'language':
      return s.because.language && s.because.language !== 'other'
        ? t(`suggestions.reason.language_${s.because.language}`)
        : t('suggestions.reason.language_any');
    default:
      return t(`suggestions.reason.${s.reason}`);
  }
}

/** Follow or stop following; a guest is asked to sign in first and comes back here. */
export function SuggestedFollowButton({ account, onFollowed }: { account: CardAccount; onFollowed?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const signInFirst = useSignInFirst();
  const follow = useFollowSuggested(account.username);
  const label = account.is_followed ? t('accounts.following') : t('accounts.follow');
  return (
    <Button
      variant={account.is_followed ? 'default' : 'filled'}
      mih={44}
      style={{ flex: 'none', ...KEEP_WORDS }}
      loading={follow.isPending}
      aria-pressed={account.is_followed}
      // Many cards stand together: each button names its account.
      aria-label={`${label} ${account.name}`}
      onClick={() =>
        session
          ? follow.mutateAsync({ id: account.id, follow: !account.is_followed }).then(
              () => onFollowed?.(),
              (error: unknown) => alert('danger', errorMessage(error)),
            )
          : signInFirst()
      }
    >
      {label}
    </Button>
  );
}

/** Never suggest this account to me again (signed in only: a guest's suggestions are nobody's). */
function NotInterestedButton({ account }: { account: CardAccount }) {
  const { t } = useTranslation();
  const session = useSession();
  const hide = useHideSuggestion();
  if (!session) return null;
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      mih={44}
      loading={hide.isPending}
      aria-label={t('suggestions.not_interested_named', { name: account.name })}
      onClick={() => hide.mutate(account.id, { onError: (error) => alert('danger', errorMessage(error)) })}
      style={KEEP_WORDS}
    >
      {t('suggestions.not_interested')}
    </Button>
  );
}

/**
 * One suggested account: picture, name, why it is suggested and the first words of its latest post, with Follow.
 * Shared by onboarding, the feed's suggestions, "readers also follow" and Explore.
 */
export function SuggestedAccountCard({
  account,
  reason,
  latestPost,
  onFollowed,
}: {
  account: CardAccount;
  /** Omitted where the section's title already says why ("readers also follow"). */
  reason?: Pick<SuggestedAccount, 'reason' | 'because'>;
  latestPost?: SuggestedAccount['latest_post'];
  onFollowed?: () => void;
}) {
  const { t } = useTranslation();
  const opening = latestPost && firstWords(latestPost);
  return (
    <Card withBorder radius="lg" padding="sm" component="article" aria-label={account.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar url={account.profile_url} name={account.name} size={48} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {/* Links of a tap's size (44 px), as every target of the app. */}
          <Anchor
            component={Link}
            to={`/a/${account.username}`}
            c="inherit"
            fw={700}
            lineClamp={2}
            mih={44}
            style={KEEP_WORDS}
          >
            {account.name}
          </Anchor>
          {reason && (
            <Text size="sm" c="dimmed" style={KEEP_WORDS} data-testid="suggestion-reason">
              {reasonText(t, reason)}
            </Text>
          )}
          {opening && latestPost ? (
            <Anchor
              component={Link}
              // The posts' own path helper is inside their feature (its door does not offer it).
              to={`/posts/${encodeURIComponent(latestPost.slug)}`}
              size="sm"
              c="inherit"
              lineClamp={2}
              mih={44}
              lang={latestPost.language === 'other' ? undefined : latestPost.language}
              style={KEEP_WORDS}
              aria-label={`${t('suggestions.latest')}: ${opening}`}
            >
              {opening}
            </Anchor>
          ) : (
            !reason &&
            account.description && (
              <Text size="sm" lineClamp={2} style={KEEP_WORDS}>
                {account.description}
              </Text>
            )
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <SuggestedFollowButton account={account} onFollowed={onFollowed} />
          {reason && !account.is_followed && <NotInterestedButton account={account} />}
        </Stack>
      </Group>
    </Card>
  );
}

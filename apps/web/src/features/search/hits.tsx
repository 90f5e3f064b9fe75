import type { AccountHit, PostHit, PublicUser } from '@inkwell/contracts';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconHeart, IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvatarName } from '../../components/AvatarName';
import { RelativeTime } from '../../components/RelativeTime';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { MembersOnlyMark } from '../posts';
import a11y from '../../components/a11y.module.css';
import classes from './search.module.css';

/** A count as a number to see and a sentence to hear ("3 likes"). */
function Count({ icon, n, said }: { icon: ReactNode; n: number; said: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="xs" c="dimmed" aria-hidden>
        {numberFormat(currentLocale()).format(n)}
      </Text>
      <span className={a11y.hidden}>{said}</span>
    </Group>
  );
}

/**
 * A post found: its account and time, its title, the words found marked in its text, and its likes and comments.
 * The whole card opens it (its one link, stretched over the card). Locked for me, it shows its title and the
 * members-only mark only.
 */
export function PostHitCard({ hit }: { hit: PostHit }) {
  const { t } = useTranslation();
  const lang = hit.language === 'other' ? undefined : hit.language;
  const to = `/posts/${encodeURIComponent(hit.slug)}`;
  // The server escaped every character of the snippet but its <mark> tags (search.ts, PostHit.highlight): it is
  // safe to draw as HTML, and only so do the marks show.
  const snippet = (
    <span lang={lang} className={classes.highlight} dangerouslySetInnerHTML={{ __html: hit.highlight }} />
  );
  return (
    <Card withBorder radius="md" padding="sm" pos="relative" component="article">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar url={hit.account.profile_url} name={hit.account.name} size={28} />
          <Text size="sm" fw={600} truncate>
            {hit.account.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            <RelativeTime value={hit.created_at} />
          </Text>
        </Group>
        {hit.title || hit.locked ? (
          <Anchor component={Link} to={to} fw={700} c="inherit" className={a11y.cardLink} lang={lang}>
            {hit.title || hit.excerpt.slice(0, 80) || t(`posts.types.${hit.type}`)}
          </Anchor>
        ) : (
          // Untitled (a note, a photo): the words found are its link.
          <Anchor component={Link} to={to} c="inherit" className={a11y.cardLink}>
            <Text component="span" size="sm" lineClamp={4}>
              {snippet}
            </Text>
          </Anchor>
        )}
        {/* Found by its title alone: it says so before the reader follows it. */}
        {hit.locked && <MembersOnlyMark />}
        {hit.title && !hit.locked && (
          <Text size="sm" lineClamp={3}>
            {snippet}
          </Text>
        )}
        <Group gap="md">
          <Count
            icon={<IconHeart size={16} aria-hidden />}
            n={hit.likes_count}
            said={t('search.likes', { count: hit.likes_count })}
          />
          <Count
            icon={<IconMessageCircle size={16} aria-hidden />}
            n={hit.comments_count}
            said={t('posts.comments_n', { count: hit.comments_count })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

export function AccountHitCard({ hit }: { hit: AccountHit }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={`/a/${hit.username}`}>
      <AvatarName
        url={hit.profile_url}
        name={hit.name}
        size={44}
        detail={`/a/${hit.username} · ${t('accounts.followers', {
          count: hit.followers_count,
          n: numberFormat(currentLocale()).format(hit.followers_count),
        })}${hit.description ? ` · ${hit.description}` : ''}`}
        detailSize="sm"
        truncateDetail
      />
    </Card>
  );
}

export function PersonHitCard({ user }: { user: PublicUser }) {
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={`/u/${user.id}`}>
      <AvatarName url={user.profile_url} name={user.name} size={44} detail={`@${user.username}`} detailSize="sm" />
    </Card>
  );
}

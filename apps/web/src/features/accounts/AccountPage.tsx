import { ACCOUNT_TABS, PRODUCT_NAME, type Account, type PostType } from '@inkwell/contracts';
import { ActionIcon, Box, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDots, IconEdit, IconMessageCircle, IconNotes } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { ScrollingTabList } from '../../components/ScrollingTabList';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { wholeNumber } from '../../lib/numbers';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { sayRefusal, useOpenChat } from '../chats/api';
import { BellButton, FollowButton } from '../follows';
import { Memberships, SupportButton } from '../memberships';
import { Safety } from '../safety';
import { PinnedPosts, PostList } from '../posts';
import { useAccountPosts } from '../posts/api';
import { accountKey, useAccount, useMyAccounts } from './api';
import { PageLoader } from '../../components/PageLoader';

// Only an owner's empty tab offers it: other visits never download the creator path's code.
const WriteFirstPost = lazy(async () => ({ default: (await import('./CreatorPath')).WriteFirstPost }));

function TabPosts({ account, type, own }: { account: Account; type: PostType | undefined; own: boolean }) {
  const { t } = useTranslation();
  const posts = useAccountPosts(account.id, type);
  return (
    <PostList
      query={posts}
      autoLoad={false}
      // The banner above is the page's largest paint.
      priorityImage={!account.banner_url}
      empty={
        <EmptyState
          icon={<IconNotes size={32} />}
          title={t('accounts.tab_empty_title')}
          body={t('accounts.tab_empty_body', { name: account.name })}
          action={
            own && (
              <Suspense fallback={null}>
                <WriteFirstPost account={account} />
              </Suspense>
            )
          }
        />
      }
    />
  );
}

// "Readers also follow": its own chunk, asked for once the first screen is done (the page's budget is spent).
const AlsoFollowed = lazy(async () => ({ default: (await import('../discovery/AlsoFollowed')).AlsoFollowed }));

const BANNER_HEIGHT = 140;
/** How far the account's picture reaches up into the banner. */
const AVATAR_OVER_BANNER = 40;

/** The account's followers. */
function Followers({ account: a }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" mt="xs" data-testid="followers-count">
      {t('accounts.followers', {
        count: a.followers_count,
        n: wholeNumber(currentLocale(), a.followers_count, { grouped: true }),
      })}
    </Text>
  );
}

/**
 * What a reader who is not one of its people does with an account: message, follow, ring its bell, support it with
 * a tip, and from its menu report, mute or block it. While its people are blocked, only the menu (to unblock) is left.
 */
function ReaderActions({ account: a, username }: { account: Account; username: string }) {
  const { t } = useTranslation();
  const openChat = useOpenChat();
  const session = useSession();
  const signInFirst = useSignInFirst();
  const [menu, setMenu] = useState(false);
  return (
    <>
      {!a.can_modify && !a.is_blocked && (
        <Button
          variant="default"
          leftSection={<IconMessageCircle size={18} />}
          loading={openChat.isPending}
          onClick={() =>
            session
              ? openChat.mutate({ userIds: [], isAccount: true, accountId: a.id }, { onError: sayRefusal })
              : signInFirst()
          }
        >
          {t('chats.message')}
        </Button>
      )}
      {!a.is_blocked && <FollowButton account={a} accountKey={accountKey(username)} />}
      {!a.is_blocked && <BellButton account={a} accountKey={accountKey(username)} />}
      {!a.is_blocked && <SupportButton account={a} />}
      {session && !a.can_modify && (
        <ActionIcon
          variant="default"
          size={44}
          aria-label={t('safety.more')}
          title={t('safety.more')}
          onClick={() => setMenu(true)}
        >
          <IconDots size={20} />
        </ActionIcon>
      )}
      {menu && <Safety part="menu" subject={{ kind: 'account', account: a }} onClose={() => setMenu(false)} />}
    </>
  );
}

/** A creator account: banner, picture, name, followers, follow button and its posts: all of them, or by type. */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useParams().username ?? '';
  const [params, setParams] = useSearchParams();
  const account = useAccount(username);
  const session = useSession();
  const mine = useMyAccounts(Boolean(session));
  const tab = ACCOUNT_TABS.some((x) => x.tab === params.get('tab')) ? params.get('tab')! : 'all';
  const later = useFirstScreenDone();

  // An account that cannot be loaded is a 404 (spec).
  useEffect(() => {
    if (account.isError) void navigate('/404', { replace: true });
  }, [account.isError, navigate]);

  // Titled with the account's name, as the server titled the page it sent.
  const name = account.data?.data.name;
  useEffect(() => {
    document.title = `${name ?? t('titles.account')} · ${PRODUCT_NAME}`;
  }, [name, t]);

  if (!account.data) {
    return <PageLoader />;
  }
  const a = account.data.data;
  // One of my own accounts: nobody follows or messages their own account; its owner edits it.
  const own = Boolean(mine.data?.data.some((x) => x.id === a.id));
  const others = !own;
  // Until my accounts are known the buttons keep their place unseen (nothing below them moves when they
  // appear), rather than show Follow and take it away.
  const holding = Boolean(session && mine.isPending);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding={0}>
        {a.banner_url ? (
          <ResponsiveImage url={a.banner_url} alt="" priority style={{ height: BANNER_HEIGHT }} />
        ) : (
          <Box h={BANNER_HEIGHT} bg="var(--mantine-color-indigo-light)" />
        )}
        <Box px="md" pb="md" mt={-AVATAR_OVER_BANNER}>
          <Group justify="space-between" align="start" wrap="nowrap">
            <UserAvatar url={a.profile_url} name={a.name} size={88} eager />
            {/* The actions start below the banner, whatever its colours, and wrap downwards on a narrow
                screen, never up onto it. */}
            <Group gap="xs" wrap="wrap" justify="end" pt={AVATAR_OVER_BANNER + 8}>
              {a.can_modify && (
                <Button
                  component={Link}
                  to={`/profile/accounts/${a.username}/edit`}
                  variant="default"
                  leftSection={<IconEdit size={18} />}
                >
                  {t('creators.edit_account')}
                </Button>
              )}
              {others && (
                <Group
                  gap="xs"
                  wrap="wrap"
                  justify="end"
                  style={holding ? { visibility: 'hidden' } : undefined}
                  aria-hidden={holding || undefined}
                >
                  <ReaderActions account={a} username={username} />
                </Group>
              )}
            </Group>
          </Group>
          <Group gap="xs" mt="sm">
            <Title order={1} fz="h2">
              {a.name}
            </Title>
            {a.approved_status !== 'approved' && <ApprovalBadge status={a.approved_status} />}
          </Group>
          <Text c="dimmed">/a/{a.username}</Text>
          <Text mt="xs">{a.description}</Text>
          <Followers account={a} />
          {(a.is_blocked || a.is_muted) && <Safety part="state" subject={{ kind: 'account', account: a }} />}
        </Box>
      </Card>
      {!holding && !a.is_blocked && <Memberships account={a} own={own} />}
      <PinnedPosts accountId={a.id} />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'all' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <ScrollingTabList value={tab}>
          {ACCOUNT_TABS.map((x) => (
            <Tabs.Tab key={x.tab} value={x.tab}>
              {t(`accounts.tabs.${x.tab}`)}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
        {ACCOUNT_TABS.map((x) => (
          <Tabs.Panel key={x.tab} value={x.tab} pt="md">
            <TabPosts account={a} type={x.type} own={own} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {/* Below the posts: nothing drawn moves when it arrives, or stays away (none, or a guest's refusal). */}
      {later && others && !a.is_blocked && (
        <Suspense>
          <AlsoFollowed account={a} />
        </Suspense>
      )}
    </Stack>
  );
}

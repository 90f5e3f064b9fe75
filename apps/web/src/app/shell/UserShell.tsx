import { AppShell, Badge, Container, Group, Indicator, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useChatBadge } from '../../features/chats/useChatBadge';
import { useNotificationFeed } from '../../features/notifications/useNotificationFeed';
import { useSession } from '../../session/session';
import { ShellHeader } from './ShellHeader';
import { navEntries, type NavEntry } from './navigation';
import classes from './UserShell.module.css';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Left navigation on wide screens; the same entries in a bottom bar below the medium breakpoint. */
export function UserShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chats = useChatBadge();
  const notifications = useNotificationFeed();
  if (!session) return <>{children}</>;
  const entries = navEntries(session, t, { chats, notifications });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: true } }}
      footer={{ height: { base: 64, md: 0 } }}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader />
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.main')} visibleFrom="md">
        <Stack gap={4} component="nav">
          {entries.map((entry) => (
            <NavLink
              key={entry.to}
              component={Link}
              to={entry.to}
              label={<Text fw={500}>{entry.label}</Text>}
              leftSection={entry.icon}
              rightSection={
                entry.badge ? (
                  <Badge size="sm" circle>
                    {entry.badge}
                  </Badge>
                ) : null
              }
              active={isActive(pathname, entry.to)}
              aria-current={isActive(pathname, entry.to) ? 'page' : undefined}
              className={classes.navLink}
            />
          ))}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main>
        <Container size={760} px={0}>
          {children}
        </Container>
      </AppShell.Main>

      <AppShell.Footer hiddenFrom="md" component="nav" aria-label={t('nav.main')}>
        <Group grow gap={0} h="100%" wrap="nowrap">
          {entries.map((entry) => (
            <BottomItem key={entry.to} entry={entry} active={isActive(pathname, entry.to)} />
          ))}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}

function BottomItem({ entry, active }: { entry: NavEntry; active: boolean }) {
  return (
    <UnstyledButton
      component={Link}
      to={entry.to}
      className={classes.bottomItem}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      <Indicator disabled={!entry.badge} label={entry.badge} size={16} offset={4}>
        {/* One box for icons and the avatar alike, so every label sits on the same line. */}
        <div className={classes.bottomIcon}>{entry.icon}</div>
      </Indicator>
      {/* One line, never broken inside a word: the bar's labels are short enough in every language (nav.bar). */}
      <Text fz={11} lh={1.4} fw={active ? 700 : 500} ta="center" className={classes.bottomLabel}>
        {entry.short}
      </Text>
    </UnstyledButton>
  );
}

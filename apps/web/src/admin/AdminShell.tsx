import { AppShell, Burger, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDashboard, IconHome, IconLogout } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../components/Logo';
import { useLogout } from '../features/auth/api';

/** Collapsible sidebar (closed by default on narrow screens) and an app bar with the page title. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [opened, { toggle, close, open }] = useDisclosure(wide);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => (wide ? open() : close()), [wide, open, close]);

  const entries = [{ to: '/admin', label: t('admin.nav.dashboard'), icon: <IconDashboard size={20} /> }];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('admin.toggle_menu')} />
          <Logo size={26} markOnly />
          <Title order={1} fz="h4" lineClamp={1}>
            {t('titles.admin')}
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('admin.nav.label')}>
        <AppShell.Section grow>
          {entries.map((entry) => (
            <NavLink
              key={entry.to}
              component={Link}
              to={entry.to}
              label={entry.label}
              leftSection={entry.icon}
              active={pathname === entry.to || pathname === `${entry.to}/`}
              onClick={() => !wide && close()}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink component={Link} to="/home" label={t('admin.nav.app_home')} leftSection={<IconHome size={20} />} />
          <NavLink
            component="button"
            label={<Text>{t('actions.logout')}</Text>}
            leftSection={<IconLogout size={20} />}
            onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login') })}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

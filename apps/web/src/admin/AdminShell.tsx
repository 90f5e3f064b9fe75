import { PRODUCT_NAME } from '@inkwell/contracts';
import { ActionIcon, AppShell, Burger, Divider, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconHome, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '../components/Logo';
import { useLogout } from '../features/auth/api';
import { mayAdminister, useSession } from '../session/session';
import { OpenReportsBadge } from './reports/OpenReportsBadge';
import { ADMIN_SECTIONS, type AdminSection } from './sections';

/** Entries that count what waits in them (an entry shows only with its permission, so each counts only then). */
const BADGES: Partial<Record<string, ComponentType>> = { '/admin/reports': OpenReportsBadge };

const isActive = (pathname: string, entry: AdminSection) => {
  const path = pathname.replace(/\/$/, '') || '/admin';
  if (entry.to === '/admin') return path === '/admin';
  // Import lives under /admin/posts but is its own entry.
  if (entry.to === '/admin/posts' && path.startsWith('/admin/posts/import')) return false;
  return path === entry.to || path.startsWith(`${entry.to}/`);
};

/**
 * Collapsible sidebar (closed by default on narrow screens) and an app bar with the route's title. On narrow
 * screens the drawer leads with the spec's five entries (Dashboard, Users, Organizations, Roles, Permissions);
 * the rest follow under "More" so no screen is out of reach on a phone. On a wide screen the sidebar is open
 * beside the page: its button hides or shows it (a sidebar icon, not the drawer's close cross).
 */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [opened, { toggle, close, open }] = useDisclosure(wide);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const session = useSession();
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);

  useEffect(() => (wide ? open() : close()), [wide, open, close]);

  const allowed = ADMIN_SECTIONS.filter((entry) => mayAdminister(session, entry.permission));
  const first = wide ? allowed : allowed.filter((entry) => entry.drawerLead);
  const more = wide ? [] : allowed.filter((entry) => !entry.drawerLead);
  const link = (entry: AdminSection) => {
    const Count = BADGES[entry.to];
    return (
      <NavLink
        key={entry.to}
        component={Link}
        to={entry.to}
        label={t(entry.label)}
        leftSection={entry.icon}
        rightSection={Count ? <Count /> : undefined}
        active={isActive(pathname, entry)}
        aria-current={isActive(pathname, entry) ? 'page' : undefined}
        onClick={() => !wide && close()}
      />
    );
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {wide ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              onClick={toggle}
              aria-label={t(opened ? 'admin.hide_menu' : 'admin.show_menu')}
              aria-expanded={opened}
            >
              {opened ? <IconLayoutSidebarLeftCollapse size={22} /> : <IconLayoutSidebarLeftExpand size={22} />}
            </ActionIcon>
          ) : (
            // A fingertip's 44 px around Mantine's 18 px lines (its own box is 28 px): the same lines, more padding.
            <Burger
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={t('admin.toggle_menu')}
              styles={{ root: { width: 44, height: 44, padding: 13 } }}
            />
          )}
          <Logo size={26} markOnly />
          <Title order={1} fz="h4" lineClamp={1} data-testid="admin-title">
            {title}
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('admin.nav.label')}>
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {first.map(link)}
          {more.length > 0 && (
            <>
              <Divider my="xs" label={t('admin.nav.more')} labelPosition="left" />
              {more.map(link)}
            </>
          )}
        </AppShell.Section>
        <AppShell.Section>
          <NavLink component={Link} to="/home" label={t('admin.nav.app_home')} leftSection={<IconHome size={20} />} />
          <NavLink
            component="button"
            label={t('actions.logout')}
            leftSection={<IconLogout size={20} />}
            onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login') })}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

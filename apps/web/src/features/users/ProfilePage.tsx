import { Card, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconBell,
  IconFilterOff,
  IconFlag,
  IconBuildingCommunity,
  IconChevronRight,
  IconCompass,
  IconCrown,
  IconDevices,
  IconHelpCircle,
  IconInfoCircle,
  IconKey,
  IconLanguage,
  IconPlugConnected,
  IconLogout,
  IconNotes,
  IconUserEdit,
  IconUserOff,
  IconUserStar,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../session/session';
import { useLogout } from '../auth/api';
import { PlanCallToAction } from '../../components/PlanCallToAction';

// Drawn under the menu once loaded (nothing moves), and only when I follow a tag.
const FollowedTags = lazy(async () => ({ default: (await import('../search')).FollowedTags }));

interface MenuEntry {
  to?: string;
  onClick?: () => void;
  label: string;
  icon: ReactNode;
}

/** My profile and its menu; entries for later features (plan, organizations, accounts…) arrive with them. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const navigate = useNavigate();
  const logout = useLogout();

  const entries: MenuEntry[] = [
    { to: '/profile/plan', label: t('profile.menu.plan'), icon: <IconCrown size={22} /> },
    { to: '/profile/memberships', label: t('profile.menu.memberships'), icon: <IconUsersGroup size={22} /> },
    { to: '/profile/organizations', label: t('profile.menu.organizations'), icon: <IconBuildingCommunity size={22} /> },
    { to: '/profile/accounts', label: t('profile.menu.accounts'), icon: <IconUserStar size={22} /> },
    { to: '/profile/posts', label: t('profile.menu.posts'), icon: <IconNotes size={22} /> },
    { to: '/profile/packs', label: t('profile.menu.packs'), icon: <IconCompass size={22} /> },
    { to: '/profile/password', label: t('profile.menu.password'), icon: <IconKey size={22} /> },
    { to: '/profile/connect', label: t('profile.menu.connect'), icon: <IconPlugConnected size={22} /> },
    { to: '/profile/edit', label: t('profile.menu.edit'), icon: <IconUserEdit size={22} /> },
    { to: '/profile/devices', label: t('profile.menu.devices'), icon: <IconDevices size={22} /> },
    { to: '/profile/notifications', label: t('profile.menu.notifications'), icon: <IconBell size={22} /> },
    { to: '/profile/reports', label: t('profile.menu.reports'), icon: <IconFlag size={22} /> },
    { to: '/profile/blocks', label: t('profile.menu.blocks'), icon: <IconBan size={22} /> },
    { to: '/profile/mutes', label: t('profile.menu.mutes'), icon: <IconUserOff size={22} /> },
    { to: '/profile/muted-words', label: t('profile.menu.muted_words'), icon: <IconFilterOff size={22} /> },
    { to: '/settings/language', label: t('profile.menu.language'), icon: <IconLanguage size={22} /> },
    { to: '/help', label: t('profile.menu.help'), icon: <IconHelpCircle size={22} /> },
    { to: '/about', label: t('profile.menu.about'), icon: <IconInfoCircle size={22} /> },
    {
      onClick: () => logout.mutate(undefined, { onSettled: () => void navigate('/login') }),
      label: t('profile.menu.logout'),
      icon: <IconLogout size={22} />,
    },
  ];

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <UserAvatar url={session.profile_url} name={session.name} size={72} />
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz="h2">
            {session.name}
          </Title>
          <Text c="dimmed">@{session.username}</Text>
          <Text c="dimmed" size="sm">
            {session.email}
          </Text>
        </div>
      </Group>
      {!session.user.active_plan && <PlanCallToAction />}
      <Card withBorder padding={0} radius="lg">
        {entries.map((entry) =>
          entry.to ? (
            <NavLink
              key={entry.label}
              component={Link}
              to={entry.to}
              label={<Text fw={500}>{entry.label}</Text>}
              leftSection={entry.icon}
              rightSection={<IconChevronRight size={18} />}
              py="md"
            />
          ) : (
            <NavLink
              key={entry.label}
              component="button"
              onClick={entry.onClick}
              label={<Text fw={500}>{entry.label}</Text>}
              leftSection={entry.icon}
              py="md"
              disabled={logout.isPending}
            />
          ),
        )}
      </Card>
      <Suspense>
        <FollowedTags />
      </Suspense>
    </Stack>
  );
}

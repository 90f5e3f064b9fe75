import {
  IconBell,
  IconCompass,
  IconHome,
  IconMessageCircle,
  IconShieldLock,
  IconSquarePlus,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { mayAdminister, type Session } from '../../session/session';

export interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
  badge?: number;
}

/**
 * The shell's entries in the spec's order (Home, Explore, Compose, Chats, Notifications, Admin Panel,
 * Profile). Each feature adds its entry when it lands, with the spec's condition.
 */
export interface NavBadges {
  /** Unread chat messages. */
  chats: number;
  /** Unread notifications. */
  notifications: number;
}

export function navEntries(session: Session, t: (key: string) => string, badges: NavBadges): NavEntry[] {
  const entries: (NavEntry | false)[] = [
    { to: '/home', label: t('nav.home'), icon: <IconHome size={24} stroke={1.7} /> },
    { to: '/explore', label: t('nav.explore'), icon: <IconCompass size={24} stroke={1.7} /> },
    session.can_compose && { to: '/compose', label: t('nav.compose'), icon: <IconSquarePlus size={24} stroke={1.7} /> },
    {
      to: '/chats',
      label: t('nav.chats'),
      icon: <IconMessageCircle size={24} stroke={1.7} />,
      badge: badges.chats,
    },
    {
      to: '/notifications',
      label: t('nav.notifications'),
      icon: <IconBell size={24} stroke={1.7} />,
      badge: badges.notifications,
    },
    mayAdminister(session) && {
      to: '/admin',
      label: t('nav.admin'),
      icon: <IconShieldLock size={24} stroke={1.7} />,
    },
    {
      to: '/profile',
      label: t('nav.profile'),
      icon: <UserAvatar url={session.profile_url} name={session.name} size={26} eager />,
    },
  ];
  return entries.filter((e): e is NavEntry => Boolean(e));
}

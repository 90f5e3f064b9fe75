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
  /** The bottom bar's label: one line at 11 px in a sixth of a phone's width, so shorter where needed. */
  short: string;
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
    { to: '/home', label: t('nav.home'), short: t('nav.bar.home'), icon: <IconHome size={24} stroke={1.7} /> },
    {
      to: '/explore',
      label: t('nav.explore'),
      short: t('nav.bar.explore'),
      icon: <IconCompass size={24} stroke={1.7} />,
    },
    session.can_compose && {
      to: '/compose',
      label: t('nav.compose'),
      short: t('nav.bar.compose'),
      icon: <IconSquarePlus size={24} stroke={1.7} />,
    },
    {
      to: '/chats',
      label: t('nav.chats'),
      short: t('nav.bar.chats'),
      icon: <IconMessageCircle size={24} stroke={1.7} />,
      badge: badges.chats,
    },
    {
      to: '/notifications',
      label: t('nav.notifications'),
      short: t('nav.bar.notifications'),
      icon: <IconBell size={24} stroke={1.7} />,
      badge: badges.notifications,
    },
    mayAdminister(session) && {
      to: '/admin',
      label: t('nav.admin'),
      short: t('nav.bar.admin'),
      icon: <IconShieldLock size={24} stroke={1.7} />,
    },
    {
      to: '/profile',
      label: t('nav.profile'),
      short: t('nav.bar.profile'),
      icon: <UserAvatar url={session.profile_url} name={session.name} size={26} eager />,
    },
  ];
  return entries.filter((e): e is NavEntry => Boolean(e));
}

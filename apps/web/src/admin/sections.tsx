import type { Permission } from '@inkwell/contracts';
import {
  IconBuildingCommunity,
  IconCreditCard,
  IconDashboard,
  IconFileImport,
  IconHistory,
  IconKey,
  IconLicense,
  IconNews,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One entry of the admin sidebar: where it goes, its title key, the permission it needs. */
export interface AdminSection {
  to: string;
  label: string;
  /** The shorter label list of the spec's narrow drawer (Users List, …), when it names the entry. */
  narrowLabel?: string;
  permission: Permission;
  icon: ReactNode;
}

const size = 20;

/** The sidebar in the spec's order; an entry shows only when the session holds its permission. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    to: '/admin',
    label: 'admin.nav.dashboard',
    narrowLabel: 'admin.nav.dashboard',
    permission: 'insights.view',
    icon: <IconDashboard size={size} />,
  },
  {
    to: '/admin/users',
    label: 'admin.nav.users',
    narrowLabel: 'admin.nav.users_list',
    permission: 'users.view',
    icon: <IconUsers size={size} />,
  },
  {
    to: '/admin/organizations',
    label: 'admin.nav.organizations',
    narrowLabel: 'admin.nav.organizations_list',
    permission: 'organizations.view',
    icon: <IconBuildingCommunity size={size} />,
  },
  {
    to: '/admin/accounts',
    label: 'admin.nav.accounts',
    permission: 'accounts.view',
    icon: <IconUserCircle size={size} />,
  },
  { to: '/admin/posts', label: 'admin.nav.posts', permission: 'posts.view', icon: <IconNews size={size} /> },
  {
    to: '/admin/posts/import',
    label: 'admin.nav.import_posts',
    permission: 'posts.import',
    icon: <IconFileImport size={size} />,
  },
  {
    to: '/admin/roles',
    label: 'admin.nav.roles',
    narrowLabel: 'admin.nav.roles_list',
    permission: 'roles.manage',
    icon: <IconShieldLock size={size} />,
  },
  {
    to: '/admin/permissions',
    label: 'admin.nav.permissions',
    narrowLabel: 'admin.nav.permissions_list',
    permission: 'permissions.manage',
    icon: <IconKey size={size} />,
  },
  { to: '/admin/plans', label: 'admin.nav.plans', permission: 'plans.manage', icon: <IconLicense size={size} /> },
  {
    to: '/admin/subscriptions',
    label: 'admin.nav.subscriptions',
    permission: 'subscriptions.view',
    icon: <IconCreditCard size={size} />,
  },
  { to: '/admin/audit', label: 'admin.nav.audit', permission: 'audit.view', icon: <IconHistory size={size} /> },
];

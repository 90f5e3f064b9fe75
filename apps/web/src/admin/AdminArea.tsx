import type { Permission } from '@inkwell/contracts';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { NotFound } from '../components/NotFound';
import { currentLocale } from '../i18n';
import { mayAdminister, useSession } from '../session/session';
import { adminMessagesLoaded, adminPageMessagesLoaded, loadAdminMessages, loadAdminPageMessages } from './i18n';
import { AdminShell } from './AdminShell';
import { ADMIN_SECTIONS } from './sections';

interface AdminPage {
  path: string;
  title: string;
  permission: Permission;
  Page: LazyExoticComponent<ComponentType>;
  load: () => Promise<unknown>;
}

const page = (
  path: string,
  title: string,
  permission: Permission,
  load: () => Promise<Record<string, ComponentType>>,
  name: string,
): AdminPage => ({
  path,
  title,
  permission,
  load,
  // A screen's messages come with its code, not after it (the dashboard's are the shell's).
  Page: lazy(async () => {
    const [module] = await Promise.all([
      load(),
      path === '' ? undefined : loadAdminPageMessages(currentLocale()).catch(() => undefined),
    ]);
    return { default: module[name]! };
  }),
});

/** Every admin screen, the permission it needs, its title. Each loads on its own (charts only with the dashboard). */
const PAGES: AdminPage[] = [
  page('', 'admin.titles.dashboard', 'insights.view', () => import('./dashboard/DashboardPage'), 'DashboardPage'),
  page('users', 'admin.titles.users', 'users.view', () => import('./users/UsersPage'), 'UsersPage'),
  page('users/:id/edit', 'admin.titles.user_edit', 'users.view', () => import('./users/UserEditPage'), 'UserEditPage'),
  page(
    'organizations',
    'admin.titles.organizations',
    'organizations.view',
    () => import('./organizations/OrganizationsPage'),
    'OrganizationsPage',
  ),
  page(
    'organizations/:id/edit',
    'admin.titles.organization_edit',
    'organizations.view',
    () => import('./organizations/OrganizationEditPage'),
    'OrganizationEditPage',
  ),
  page('accounts', 'admin.titles.accounts', 'accounts.view', () => import('./accounts/AccountsPage'), 'AccountsPage'),
  page(
    'accounts/:id/edit',
    'admin.titles.account_edit',
    'accounts.view',
    () => import('./accounts/AccountEditPage'),
    'AccountEditPage',
  ),
  page('posts', 'admin.titles.posts', 'posts.view', () => import('./posts/PostsPage'), 'PostsPage'),
  page(
    'posts/import',
    'admin.titles.import_posts',
    'posts.import',
    () => import('./posts/ImportPostsPage'),
    'ImportPostsPage',
  ),
  page(
    'posts/:slug',
    'admin.titles.post_detail',
    'posts.view',
    () => import('./posts/PostDetailPage'),
    'PostDetailPage',
  ),
  page('reports', 'admin.titles.reports', 'reports.manage', () => import('./reports/ReportsPage'), 'ReportsPage'),
  page(
    'reports/:id',
    'admin.titles.report_detail',
    'reports.manage',
    () => import('./reports/ReportDetailPage'),
    'ReportDetailPage',
  ),
  // Titled with its menu entry's words: one key fewer in the admin catalogue every admin visit downloads.
  page('starter-packs', 'admin.nav.starter_packs', 'discovery.manage', () => import('./packs/PacksPage'), 'PacksPage'),
  page('roles', 'admin.titles.roles', 'roles.manage', () => import('./roles/RolesPage'), 'RolesPage'),
  page(
    'roles/:id/permissions',
    'admin.titles.role_permissions',
    'roles.manage',
    () => import('./roles/RolePermissionsPage'),
    'RolePermissionsPage',
  ),
  page(
    'permissions',
    'admin.titles.permissions',
    'permissions.manage',
    () => import('./permissions/PermissionsPage'),
    'PermissionsPage',
  ),
  page('plans', 'admin.titles.plans', 'plans.manage', () => import('./plans/PlansPage'), 'PlansPage'),
  page('plans/add', 'admin.titles.plan_add', 'plans.manage', () => import('./plans/PlanFormPage'), 'PlanFormPage'),
  page(
    'plans/:id/edit',
    'admin.titles.plan_edit',
    'plans.manage',
    () => import('./plans/PlanFormPage'),
    'PlanFormPage',
  ),
  page(
    'subscriptions',
    'admin.titles.subscriptions',
    'subscriptions.view',
    () => import('./subscriptions/SubscriptionsPage'),
    'SubscriptionsPage',
  ),
  page('payouts', 'admin.titles.payouts', 'payouts.manage', () => import('./payouts/PayoutsPage'), 'PayoutsPage'),
  page('payments', 'admin.titles.payments', 'payments.refund', () => import('./payments/PaymentsPage'), 'PaymentsPage'),
  page('audit', 'admin.titles.audit', 'audit.view', () => import('./audit/AuditPage'), 'AuditPage'),
];

/**
 * What the area's first screen needs besides its code, waited for by its route (app/router.tsx): the shell's and
 * dashboard's words in the reader's language, so the area draws at once, and a dashboard the server drew is taken
 * over as it stands (not as a loading state, which would not match it).
 */
export const adminReady = (): Promise<void> => loadAdminMessages(currentLocale());

/** Waits for the admin messages of the current language (they travel in this chunk, not the app's). */
function useAdminMessages(pages = false): boolean {
  const { i18n } = useTranslation();
  const locale = currentLocale();
  const [, rerender] = useState(0);
  const ready = pages ? adminPageMessagesLoaded(locale) : adminMessagesLoaded(locale);
  useEffect(() => {
    if (!ready) void (pages ? loadAdminPageMessages : loadAdminMessages)(locale).finally(() => rerender((n) => n + 1));
  }, [locale, i18n.language, pages, ready]);
  return ready;
}

/**
 * A screen other than the dashboard: its messages (also after a change of language), then the screen, whose code
 * is asked for meanwhile (not after them).
 */
function WithPageMessages({ load, children }: { load: () => Promise<unknown>; children: ReactNode }) {
  const ready = useAdminMessages(true);
  useEffect(() => {
    if (!ready) void load().catch(() => undefined);
  }, [ready, load]);
  return ready ? children : <PageLoader />;
}

/** The admin area: its own shell and routes, loaded as a separate chunk. An unknown path is the 404 page. */
export function AdminArea() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const ready = useAdminMessages();
  if (!ready) return <PageLoader />;

  const matched = PAGES.find((p) =>
    matchPath({ path: `/admin/${p.path}`, end: true }, pathname.replace(/\/$/, '') || '/'),
  );
  const title = matched ? t(matched.title) : t('system.not_found');
  // Someone without the dashboard's permission starts at the first screen they may open.
  const start = ADMIN_SECTIONS.find((entry) => mayAdminister(session, entry.permission));

  return (
    <AdminShell title={title}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          {PAGES.map(({ path, permission, Page, load }) => (
            <Route
              key={path}
              path={path === '' ? undefined : path}
              index={path === ''}
              element={
                mayAdminister(session, permission) ? (
                  path === '' ? (
                    <Page />
                  ) : (
                    <WithPageMessages load={load}>
                      <Page />
                    </WithPageMessages>
                  )
                ) : path === '' && start ? (
                  <Navigate to={start.to} replace />
                ) : (
                  <Navigate to="/accessDenied" replace />
                )
              }
            />
          ))}
          <Route path="*" element={<NotFound home="/admin" headingOrder={2} />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}

import type { ComponentType } from 'react';
import { Navigate, Outlet, createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { RouteErrorScreen, ScreenError } from '../components/ScreenError';
import { RootLayout } from './layouts/RootLayout';
import { queryClient } from './queryClient';
import { prefetchAccountPage, prefetchChats, prefetchHome, prefetchPostPage, prefetchSessionUser } from './prefetch';
import type { RouteMeta } from './routeMeta';

type Loader = () => Promise<Record<string, unknown>>;

/**
 * A route's code, or in its place a screen that says it could not load: the router shows nothing at all for a
 * route whose `lazy` failed. A page whose code is gone after a deploy reloads meanwhile (staleBuild.ts); "Try
 * again" reloads, as the router keeps what `lazy` gave for the page's life.
 */
async function loadOrExplain(load: () => Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  try {
    return { Component: await load() };
  } catch (error) {
    // At build time (prerender.tsx) a screen that failed must fail the build, not ship this as its content.
    if (typeof window === 'undefined') throw error;
    return { Component: () => <ScreenError error={error} /> };
  }
}

/**
 * A route whose page loads with it, so the first screen downloads only what it shows. `prefetch` starts the
 * page's data at the same moment as its code (a loader that does not wait), rather than once the code has
 * arrived and rendered.
 */
const screen = (
  path: string,
  load: Loader,
  name: string,
  meta: RouteMeta = {},
  prefetch?: LoaderFunction,
): RouteObject => ({
  ...(path ? { path } : { index: true }),
  handle: meta,
  ...(prefetch ? { loader: prefetch } : {}),
  // Inside the layout, so the navigation stays and the reader can go elsewhere.
  lazy: () => loadOrExplain(async () => (await load())[name] as ComponentType),
});

/** A layout loaded with the first screen inside it: the welcome page never downloads the signed-in shell. */
const layout = (load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject => ({
  lazy: () => loadOrExplain(load),
  children,
});

const open = (title: string): RouteMeta => ({ public: true, title });

const authPages: RouteObject[] = [
  screen('', () => import('../features/welcome/WelcomePage'), 'WelcomePage', { public: true, guestOnly: true }),
  screen('login', () => import('../features/auth/LoginPage'), 'LoginPage', open('titles.login')),
  screen('register', () => import('../features/auth/RegisterPage'), 'RegisterPage', {
    ...open('titles.register'),
    guestOnly: true,
  }),
  screen('activate', () => import('../features/auth/ActivatePage'), 'ActivatePage', open('titles.activate')),
  screen(
    'forgot-password',
    () => import('../features/auth/ForgotPasswordPage'),
    'ForgotPasswordPage',
    open('titles.forgot_password'),
  ),
  screen(
    'reset-password',
    () => import('../features/auth/ResetPasswordPage'),
    'ResetPasswordPage',
    open('titles.reset_password'),
  ),
  // Where a provider sends the browser back; signed in too (connecting a provider from /profile/connect).
  screen(
    'auth/:provider',
    () => import('../features/auth/ProviderCallbackPage'),
    'ProviderCallbackPage',
    open('titles.auth_callback'),
  ),
];

/** The search page and tags' pages: one chunk, as safety's pages below. */
const searchPages = () => import('../features/search/SearchPages');
/** A starter pack, its form and my packs: one chunk. */
const packPages = () => import('../features/discovery/PackPages');

/** Open to everyone; inside the app shell when signed in. */
const openPages: RouteObject[] = [
  screen('settings', () => import('../features/settings/SettingsPage'), 'SettingsPage', open('titles.settings')),
  screen(
    'settings/language',
    () => import('../features/settings/LanguagePage'),
    'LanguagePage',
    open('titles.language'),
  ),
  screen('about', () => import('../features/info/AboutPage'), 'AboutPage', open('titles.about')),
  screen('help', () => import('../features/info/HelpPage'), 'HelpPage', open('titles.help')),
  screen(
    'accessDenied',
    () => import('../features/errors/AccessDeniedPage'),
    'AccessDeniedPage',
    open('titles.access_denied'),
  ),
  screen('404', () => import('../features/errors/NotFoundPage'), 'NotFoundPage', open('titles.not_found')),
  // Shared links: posts, their comments and accounts are readable by guests (DECISIONS.md); the pages title
  // the document with the post's or account's own name.
  screen(
    'posts/:slug',
    () => import('../features/posts/PostPage'),
    'PostPage',
    { public: true, ownTitle: true },
    prefetchPostPage,
  ),
  screen(
    'posts/:slug/comments',
    () => import('../features/posts/CommentsPage'),
    'CommentsPage',
    open('comments.title'),
  ),
  screen(
    'a/:username',
    () => import('../features/accounts/AccountPage'),
    'AccountPage',
    { public: true, ownTitle: true },
    prefetchAccountPage,
  ),
  // A draft's preview link: whoever has it reads the post before it is public (the page says so).
  screen('preview/:token', () => import('../features/posts/PreviewPage'), 'PreviewPage', {
    public: true,
    ownTitle: true,
  }),
  screen('dev/mailbox', () => import('../features/dev/MailboxPage'), 'MailboxPage', open('titles.mailbox')),
  // A tag's page is shared like a post's: readable by guests, following it asks them to sign in.
  screen('tags/:tag', searchPages, 'TagPage', { public: true, ownTitle: true }),
  // A starter pack is shared like a tag: readable by guests, following asks them to sign in.
  screen('packs/:id', packPages, 'PackPage', { public: true, ownTitle: true }),
];

const signedIn = (title: string): RouteMeta => ({ title });

/** Blocked people, muted accounts and muted words: one chunk, loaded from one place (the entry carries each import). */
const safetyPages = () => import('../features/safety/SettingsPages');
/** My memberships and an account's tier editor: one chunk, as safety's pages. */
const membershipPages = () => import('../features/memberships/MembershipPages');

const signedInPages: RouteObject[] = [
  screen('home', () => import('../features/feed/FeedPage'), 'FeedPage', signedIn('titles.home'), prefetchHome),
  screen('search', searchPages, 'SearchPage', signedIn('titles.search')),
  screen('profile', () => import('../features/users/ProfilePage'), 'ProfilePage', signedIn('titles.profile')),
  screen(
    'profile/edit',
    () => import('../features/users/EditProfilePage'),
    'EditProfilePage',
    signedIn('titles.edit_profile'),
  ),
  screen(
    'profile/password',
    () => import('../features/users/PasswordPage'),
    'PasswordPage',
    signedIn('titles.change_password'),
  ),
  screen('profile/devices', () => import('../features/users/DevicesPage'), 'DevicesPage', signedIn('titles.devices')),
  screen(
    'profile/reports',
    () => import('../features/reports/MyReportsPage'),
    'MyReportsPage',
    signedIn('titles.my_reports'),
  ),
  screen('profile/connect', () => import('../features/auth/ConnectPage'), 'ConnectPage', signedIn('titles.connect')),
  screen('profile/plan', () => import('../features/billing/PlanPage'), 'PlanPage', signedIn('titles.plan')),
  screen(
    'profile/plan/confirm',
    () => import('../features/billing/ConfirmPage'),
    'ConfirmPage',
    signedIn('titles.plan_confirm'),
  ),
  screen(
    'profile/plan/purchased',
    () => import('../features/billing/PurchasedPage'),
    'PurchasedPage',
    signedIn('titles.plan_purchased'),
  ),
  screen(
    'checkout/sandbox/:id',
    () => import('../features/billing/SandboxCheckoutPage'),
    'SandboxCheckoutPage',
    signedIn('titles.sandbox'),
  ),
  screen(
    'profile/organizations',
    () => import('../features/organizations/MyOrganizationsPage'),
    'MyOrganizationsPage',
    signedIn('titles.my_organizations'),
  ),
  screen(
    'profile/accounts',
    () => import('../features/accounts/MyAccountsPage'),
    'MyAccountsPage',
    signedIn('titles.my_accounts'),
  ),
  screen(
    'profile/accounts/:username/edit',
    () => import('../features/accounts/EditAccountPage'),
    'EditAccountPage',
    signedIn('titles.edit_account'),
  ),
  screen(
    'profile/accounts/:username/insights',
    () => import('../features/insights/InsightsPage'),
    'InsightsPage',
    signedIn('titles.insights'),
  ),
  screen('create', () => import('../features/accounts/CreatePage'), 'CreatePage', signedIn('titles.create')),
  screen(
    'create/organization',
    () => import('../features/organizations/CreateOrganizationPage'),
    'CreateOrganizationPage',
    signedIn('titles.create_organization'),
  ),
  screen(
    'create/account',
    () => import('../features/accounts/CreateAccountPage'),
    'CreateAccountPage',
    signedIn('titles.create_account'),
  ),
  screen(
    'create/review',
    () => import('../features/accounts/ReviewPage'),
    'ReviewPage',
    signedIn('titles.create_review'),
  ),
  screen(
    'explore',
    async () => {
      const page = await import('../features/accounts/ExplorePage');
      // Its first section's code and words (a failure shows where they are drawn, which asks again).
      await page.exploreReady(queryClient).catch(() => undefined);
      return page;
    },
    'ExplorePage',
    signedIn('titles.explore'),
  ),
  // Titled by the page from discovery's catalogue (the app's, which every first visit downloads, has no room).
  screen('onboarding', () => import('../features/discovery/OnboardingPage'), 'OnboardingPage', { ownTitle: true }),
  // Titled by the pages from the packs' catalogue (the app's, which every first visit downloads, has no room).
  screen('packs/new', packPages, 'PackFormPage', { ownTitle: true }),
  screen('packs/:id/edit', packPages, 'PackFormPage', { ownTitle: true }),
  screen('profile/packs', packPages, 'MyPacksPage', signedIn('profile.menu.packs')),
  screen('compose', () => import('../features/posts/ComposePage'), 'ComposePage', signedIn('titles.compose')),
  screen('profile/posts', () => import('../features/posts/MyPostsPage'), 'MyPostsPage', signedIn('titles.my_posts')),
  screen(
    'profile/posts/:slug',
    () => import('../features/posts/EditPostPage'),
    'EditPostPage',
    signedIn('titles.edit_post'),
  ),
  screen('u/:id', () => import('../features/users/PersonPage'), 'PersonPage', { ownTitle: true }),
  screen('chats', () => import('../features/chats/ChatsPage'), 'ChatsPage', signedIn('titles.chats'), prefetchChats),
  screen('chats/:roomId', () => import('../features/chats/ChatRoomPage'), 'ChatRoomPage', { ownTitle: true }),
  screen('find', () => import('../features/chats/FindPage'), 'FindPage', signedIn('titles.find')),
  screen(
    'notifications',
    () => import('../features/notifications/NotificationsPage'),
    'NotificationsPage',
    signedIn('titles.notifications'),
  ),
  screen(
    'profile/notifications',
    () => import('../features/notifications/NotificationSettingsPage'),
    'NotificationSettingsPage',
    signedIn('titles.notification_settings'),
  ),
  // Titled with their profile menu's words: every first visit downloads the app's messages, so no second copy.
  screen('profile/blocks', safetyPages, 'BlockedPage', signedIn('profile.menu.blocks')),
  screen('profile/mutes', safetyPages, 'MutedAccountsPage', signedIn('profile.menu.mutes')),
  screen('profile/muted-words', safetyPages, 'MutedWordsPage', signedIn('profile.menu.muted_words')),
  screen('profile/memberships', membershipPages, 'MyMembershipsPage', signedIn('profile.menu.memberships')),
  screen('accounts/:id/tiers', membershipPages, 'TierEditorPage', signedIn('creators.tiers')),
  screen(
    'accounts/:id/earnings',
    () => import('../features/earnings/EarningsPage'),
    'EarningsPage',
    signedIn('creators.earnings'),
  ),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    loader: prefetchSessionUser,
    // The session user is fetched once per start (and kept fresh by useSessionRefresh), not per navigation.
    shouldRevalidate: () => false,
    children: [
      layout(async () => (await import('./layouts/AuthLayout')).AuthLayout, authPages),
      layout(async () => (await import('./layouts/AdaptiveLayout')).AdaptiveLayout, openPages),
      layout(async () => {
        const { UserShell } = await import('./shell/UserShell');
        return function UserShellLayout() {
          return (
            <UserShell>
              <Outlet />
            </UserShell>
          );
        };
      }, signedInPages),
      screen(
        'admin/*',
        async () => {
          const area = await import('../admin/AdminArea');
          // Its words (a failure shows the area's loading state, which asks again).
          await area.adminReady().catch(() => undefined);
          return area;
        },
        'AdminArea',
        { admin: true, ownTitle: true },
      ),
      { path: '*', handle: { public: true } satisfies RouteMeta, element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * The app's router, on the browser's history, and a promise that settles once the first route's code (layout
 * and page, fetched side by side) is in: the first render waits for it, so the skeleton in index.html gives way
 * to the page itself, never to an empty screen. Created by main.tsx (prerendering renders `routes` in Node,
 * where there is no browser history to route by).
 */
export function startRouter(): { router: ReturnType<typeof createBrowserRouter>; ready: Promise<void> } {
  const router = createBrowserRouter(routes);
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return { router, ready };
}

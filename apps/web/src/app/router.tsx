import type { ComponentType } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { AdaptiveLayout } from './layouts/AdaptiveLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { RootLayout } from './layouts/RootLayout';
import type { RouteMeta } from './routeMeta';
import { UserShell } from './shell/UserShell';

/** Each page loads with its route, so the first screen downloads only what it shows. */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

const meta = (m: RouteMeta) => m;

const authPages: RouteObject[] = [
  {
    index: true,
    handle: meta({ public: true, guestOnly: true }),
    lazy: page(() => import('../features/welcome/WelcomePage'), 'WelcomePage'),
  },
  {
    path: 'login',
    handle: meta({ public: true, title: 'titles.login' }),
    lazy: page(() => import('../features/auth/LoginPage'), 'LoginPage'),
  },
  {
    path: 'register',
    handle: meta({ public: true, guestOnly: true, title: 'titles.register' }),
    lazy: page(() => import('../features/auth/RegisterPage'), 'RegisterPage'),
  },
  {
    path: 'activate',
    handle: meta({ public: true, title: 'titles.activate' }),
    lazy: page(() => import('../features/auth/ActivatePage'), 'ActivatePage'),
  },
  {
    path: 'forgot-password',
    handle: meta({ public: true, title: 'titles.forgot_password' }),
    lazy: page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: 'reset-password',
    handle: meta({ public: true, title: 'titles.reset_password' }),
    lazy: page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
  },
];

/** Open to everyone; inside the app shell when signed in. */
const openPages: RouteObject[] = [
  {
    path: 'settings',
    handle: meta({ public: true, title: 'titles.settings' }),
    lazy: page(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
  },
  {
    path: 'settings/language',
    handle: meta({ public: true, title: 'titles.language' }),
    lazy: page(() => import('../features/settings/LanguagePage'), 'LanguagePage'),
  },
  {
    path: 'about',
    handle: meta({ public: true, title: 'titles.about' }),
    lazy: page(() => import('../features/info/AboutPage'), 'AboutPage'),
  },
  {
    path: 'help',
    handle: meta({ public: true, title: 'titles.help' }),
    lazy: page(() => import('../features/info/HelpPage'), 'HelpPage'),
  },
  {
    path: 'accessDenied',
    handle: meta({ public: true, title: 'titles.access_denied' }),
    lazy: page(() => import('../features/system/AccessDeniedPage'), 'AccessDeniedPage'),
  },
  {
    path: '404',
    handle: meta({ public: true, title: 'titles.not_found' }),
    lazy: page(() => import('../features/system/NotFoundPage'), 'NotFoundPage'),
  },
  {
    path: 'dev/mailbox',
    handle: meta({ public: true, title: 'titles.mailbox' }),
    lazy: page(() => import('../features/dev/MailboxPage'), 'MailboxPage'),
  },
];

const signedInPages: RouteObject[] = [
  {
    path: 'home',
    handle: meta({ title: 'titles.home' }),
    lazy: page(() => import('../features/home/HomePage'), 'HomePage'),
  },
  {
    path: 'search',
    handle: meta({ title: 'titles.search' }),
    lazy: page(() => import('../features/search/SearchPage'), 'SearchPage'),
  },
  {
    path: 'profile',
    handle: meta({ title: 'titles.profile' }),
    lazy: page(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
  },
  {
    path: 'profile/edit',
    handle: meta({ title: 'titles.edit_profile' }),
    lazy: page(() => import('../features/profile/EditProfilePage'), 'EditProfilePage'),
  },
  {
    path: 'profile/password',
    handle: meta({ title: 'titles.change_password' }),
    lazy: page(() => import('../features/profile/PasswordPage'), 'PasswordPage'),
  },
  {
    path: 'profile/devices',
    handle: meta({ title: 'titles.devices' }),
    lazy: page(() => import('../features/profile/DevicesPage'), 'DevicesPage'),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <AuthLayout />, children: authPages },
      { element: <AdaptiveLayout />, children: openPages },
      {
        element: (
          <UserShell>
            <Outlet />
          </UserShell>
        ),
        children: signedInPages,
      },
      {
        path: 'admin/*',
        handle: meta({ admin: true, title: 'titles.admin' }),
        lazy: page(() => import('../admin/AdminArea'), 'AdminArea'),
      },
      { path: '*', handle: meta({ public: true }), element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

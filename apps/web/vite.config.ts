import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { contractsForBrowser } from './contractsForBrowser';
import { accountReads, homeReads } from './earlyReads';
import { appShellScrollClass } from './appShellScrollClass';
import { entryLoaded } from './entryLoaded';
import { appIcons } from './icons';
import { landingPreloads } from './landingPreloads';
import { mantineComponentStyles } from './mantineStyles';
import { prerender } from './prerender';

const api = process.env.INKWELL_API ?? 'http://localhost:3000';
const loadedFirst = entryLoaded();
const define = { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') };

/** Mantine's primitives and theme core, TanStack Query and the icon factory (see `codeSplitting`). */
const UI_COMPONENTS = new Set(
  [
    'Text',
    'Title',
    'Anchor',
    'Typography',
    'Group',
    'Stack',
    'Container',
    'Center',
    'Paper',
    'Card',
    'Badge',
    'Image',
    'Avatar',
  ]
    .concat(['Button', 'UnstyledButton', 'ActionIcon', 'CloseButton', 'ThemeIcon', 'Loader', 'Alert'])
    .concat(['VisuallyHidden', 'Transition', 'Collapse', 'Input', 'InputBase', 'TextInput', 'NavLink', 'Tabs']),
);
function isUiBuildingBlock(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  const component = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//.exec(file)?.[1];
  if (component) return UI_COMPONENTS.has(component);
  // Vite's helper that loads a lazy chunk with its imports: every screen's entry needs it.
  if (file.endsWith('vite/preload-helper.js')) return true;
  // Mantine's base styles too, so they come first in the stylesheet, before any component's.
  return /\/node_modules\/(@mantine\/core\/esm\/core\/|@mantine\/hooks\/esm\/(use-intersection|use-window-event)\/|@mantine\/store\/|@mantine\/notifications\/esm\/notifications\.store|use-sync-external-store\/|react-remove-scroll-bar\/dist\/es2015\/constants|@mantine\/core\/styles\/(baseline|default-css-variables|global)\.css|@tanstack\/|@tabler\/icons-react\/dist\/esm\/(createReactComponent|defaultAttributes))/.test(
    file,
  );
}

/**
 * The small modules most screens share, in three files (see `codeSplitting`): the contracts' endpoints (the
 * browser's copy keeps method and path only, contractsForBrowser.ts), the features' API hooks and the helpers
 * they use, and the little components of every screen's frame. Not billing's contracts and hooks: they
 * validate with zod in the browser, and zod (~20 KB) would come with every first visit. Nor safety's,
 * memberships' or earnings': only their lazy parts and pages use them, and every first visit would carry them
 * (earnings' hooks would bring the memberships contract along). Nor search's, tags' and text's (the words, #tags and
 * @mentions): the search and tag pages, the header's suggestions and the links in posts load them when used. Nor
 * discovery's: only Explore, onboarding, the packs and the lazy suggestions of home and the account page use them.
 */
const SMALL_SHARED = [
  {
    name: 'contracts',
    test: /[\\/]packages[\\/]contracts[\\/]src[\\/](?!billing\.ts|safety\.ts|memberships\.ts|search\.ts|tags\.ts|text\.ts|discovery\.ts|publishing\.ts)/,
  },
  {
    name: 'data',
    test: new RegExp(
      String.raw`[\\/]src[\\/](features[\\/](?!billing|safety|memberships|earnings|search|discovery)[^\\/]+[\\/](api|queries)|features[\\/]posts[\\/]pins|api[\\/](client|early|paging)|` +
        String.raw`i18n[\\/]index|session[\\/]session|lib[\\/](afterFirstScreen|alerts|drawnAt|images|dataSaver|numbers|relativeTime|useLatest|sendKey|imageBox|dates))\.ts$`,
    ),
  },
  {
    name: 'shared',
    test: new RegExp(
      String.raw`[\\/]src[\\/](components[\\/](Logo|LogoLink|UserAvatar|EmptyState|PageLoader|ResponsiveImage|` +
        String.raw`GalleryFirstPhoto|BackBar|NotFound|ApprovalBadge)\.tsx|components[\\/]a11y\.module\.css|` +
        String.raw`session[\\/]returnTo\.ts|app[\\/](overlays|useSessionRefresh)\.ts|lib[\\/]push\.ts|features[\\/]posts[\\/]paths\.ts)$`,
    ),
  },
];

export default defineConfig({
  plugins: [
    react(),
    appIcons(),
    mantineComponentStyles(),
    appShellScrollClass(),
    loadedFirst.plugin,
    contractsForBrowser(),
    // The screens a visit starts on (the installed app opens /home; shared links open account pages).
    landingPreloads(
      [
        {
          path: /^\/$/,
          signedIn: false,
          modules: ['src/app/layouts/AuthLayout.tsx', 'src/features/welcome/WelcomePage.tsx', 'src/app/prerendered.ts'],
        },
        {
          path: /^\/login$/,
          modules: ['src/app/layouts/AuthLayout.tsx', 'src/features/auth/LoginPage.tsx', 'src/app/prerendered.ts'],
        },
        {
          path: /^\/home$/,
          signedIn: true,
          modules: ['src/app/shell/UserShell.tsx', 'src/features/feed/FeedPage.tsx'],
          api: homeReads,
        },
        {
          path: /^\/a\/([^/]+)$/,
          signedIn: true,
          // Accounts are open to guests, so the route's layout is the adaptive one (app/router.tsx), which brings the
          // signed-in shell itself: the shell route's own file (a re-export) would be one more download nothing runs.
          modules: ['src/app/layouts/AdaptiveLayout.tsx', 'src/features/accounts/AccountPage.tsx'],
          api: accountReads,
        },
        {
          // Shared links open posts. The server draws the page for a signed-in reader with the post and its comments
          // (apps/server/src/platform/rendered.ts): its code and styles come at once, so the page it drew holds still.
          path: /^\/posts\/([^/]+)$/,
          signedIn: true,
          modules: ['src/app/layouts/AdaptiveLayout.tsx', 'src/features/posts/PostPage.tsx'],
        },
        {
          // The server draws a signed-in reader's chat list with their rooms and friends (as it draws /home).
          path: /^\/chats$/,
          signedIn: true,
          modules: ['src/app/shell/UserShell.tsx', 'src/features/chats/ChatsPage.tsx'],
        },
        {
          // Explore too, with its first section (trending posts), whose code the page waits for.
          path: /^\/explore$/,
          signedIn: true,
          modules: [
            'src/app/shell/UserShell.tsx',
            'src/features/accounts/ExplorePage.tsx',
            'src/features/discovery/index.ts',
          ],
        },
        {
          // And the composer, with the creator's accounts and where they are on the path to a first post.
          path: /^\/compose$/,
          signedIn: true,
          modules: ['src/app/shell/UserShell.tsx', 'src/features/posts/ComposePage.tsx'],
        },
        {
          // And the admin area's dashboard, where an administrator lands.
          path: /^\/admin\/?$/,
          signedIn: true,
          modules: ['src/admin/AdminArea.tsx', 'src/admin/dashboard/DashboardPage.tsx'],
        },
      ],
      { en: 'src/i18n/en.json', my: 'src/i18n/my.json', th: 'src/i18n/th.json' },
    ),
    // The welcome and sign-in screens paint their content with the HTML, in the visitor's language.
    prerender(
      [
        { name: 'welcome', url: '/' },
        { name: 'login', url: '/login' },
      ],
      ['en', 'my', 'th'],
      define,
    ),
    // Our own service worker (src/sw/sw.ts: the shell, offline page, Web Push), given the shell's file list.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Only what the first screen needs (entry, shared UI, layouts, English messages), not every lazy chunk:
        // a phone on mobile data downloads the rest when a screen asks for it (and keeps it then).
        globPatterns: [
          'index.html',
          'offline.html',
          'favicon.svg',
          'manifest.webmanifest',
          'assets/{index,ui,icons,contracts,data,shared,rolldown-runtime,UserShell,AuthLayout,AdaptiveLayout,en}-*.{js,css}',
        ],
        globIgnores: ['**/*.map'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of each text file, made once here at the highest levels and sent as they are by
    // the server (apps/server/src/platform/static.ts). Source maps stay raw: only devtools fetch them.
    compression({
      include: /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/,
      exclude: [/\.map$/, /(^|\/)\.vite\//],
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  define,
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Maps are written for tools (an error tracker's upload) but not linked from the scripts, and the server
    // never serves them: they carry every source file. The manifest (bench, e2e) is not served either.
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // Safety's door (features/safety/Lazy.tsx) rides on every post and account page, memberships' on every
      // account page, and the list of files to preload with their parts (≈ 0.25 KB brotli of hashed names each)
      // would outweigh the doors themselves: their parts load their own files when first drawn. So do the
      // memberships' pages, whose list the entry (every first visit) would carry for two screens off the way, and
      // the members-only posts' parts (on every post card) and composer choice (on compose, for accounts with tiers).
      // Text's doors and the header search's (components/text/textDoors.ts, app/shell/searchDoor.ts) import nothing
      // of their own: with no list at all, the many screens opening them carry no list of files to preload. The search
      // and tag pages' list would be the entry's, on every first visit, for screens off the way. The feed's
      // suggestions and the account page's "readers also follow" come after the first screen: home and the account
      // page would carry their list for a part drawn later, if at all.
      resolveDependencies: (file, deps, { hostType }) =>
        /(^|\/)(safetyParts|membershipParts|MembershipPages|membersOnlyParts|AudienceField|textDoors|searchDoor|SearchPages|FeedSuggestions|AlsoFollowed)-[\w-]+\.js$/.test(
          file,
        )
          ? []
          : // The page's own <link rel=modulepreload> tags name the entry's files: only scripts' lists skip them.
            hostType === 'js'
            ? loadedFirst.without(deps)
            : deps,
    },
    rolldownOptions: {
      treeshake: {
        // A feature's index.ts only re-exports (eslint.config.js, a feature's door): said so, a screen takes the
        // parts it uses straight from their files, instead of one more file (~0.4 KB with its headers) that
        // merely imports them, as the account page did for posts' PostList.
        moduleSideEffects: (id) => (/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // The building blocks nearly every screen shows travel in one chunk: left to itself the bundler
          // cuts them into dozens of tiny shared files (one per combination of screens using them), and a
          // phone pays a request and a fresh compression dictionary for each (≈ 25 KB more brotli on /home).
          groups: [
            { name: 'ui', test: isUiBuildingBlock, priority: 2 },
            // Every icon the app draws, in one file of ~5 KB brotli: one per icon were ~14 requests of a few
            // hundred bytes each on /home (each with ~1 KB of headers and a round trip on HTTP/1.1).
            { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 1 },
            // i18next and react-i18next, which every screen needs before its first word: one file, not three.
            { name: 'i18nInstance', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 1 },
            // The doors of reporting and of blocking and muting, whose menus stand side by side (a post, a comment, a
            // chat, an account): one small file, not two (each with its own imports and ~350 bytes of headers).
            {
              name: 'safety-doors',
              test: /[\\/]src[\\/]features[\\/](reports[\\/](index\.ts|ReportButton\.tsx)|safety[\\/](index\.ts|Lazy\.tsx))$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What most admin pages ask first (a permission, the reports' badge) and the dashboard's chart axis: one
            // file with the admin area's first screen, not three (the insights page, the axis' other reader, takes
            // the rest along: a few hundred bytes beside its chart library).
            {
              name: 'admin-shared',
              test: /[\\/]src[\\/](admin[\\/](usePermission|reports[\\/]api)|lib[\\/]chartAxis)\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // Small modules most screens share, each its own file otherwise (~40 files of 0.4–1 KB, each with
            // ~350 bytes of headers on HTTP/1.1): taken alone, without their dependencies, so a lazy screen's
            // library never rides along into a first load.
            ...SMALL_SHARED.map(({ name, test }) => ({
              name,
              test,
              priority: 1,
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});

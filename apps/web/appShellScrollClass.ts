import type { Plugin } from 'vite';

const APP_SHELL = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/].+\.mjs$/;
const IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';

/**
 * Mantine's AppShell header, footer and aside import `react-remove-scroll` (with tslib, ~4 KB brotli on every
 * signed-in screen) for one string: the class that keeps a fixed bar clear of the scrollbar a dialog hides. The
 * library keeps that string in a constants-only entry of its own (`react-remove-scroll-bar/constants`), which
 * the dialogs' RemoveScroll uses too, so both agree; the shell takes it from there and the library itself comes
 * with the first dialog. The build fails if Mantine's import changes shape, rather than silently keep it.
 */
export function appShellScrollClass(): Plugin {
  let rewritten = 0;
  return {
    name: 'inkwell-app-shell-scroll-class',
    apply: 'build',
    transform(code, id) {
      if (!APP_SHELL.test(id.split('?')[0]!) || !code.includes('react-remove-scroll')) return null;
      if (!code.includes(IMPORT))
        this.error(`${id}: Mantine's import of react-remove-scroll changed; update apps/web/appShellScrollClass.ts`);
      rewritten += 1;
      // One line changes in place: the module's source map still holds (`map: null` keeps it).
      return {
        code: code.replace(
          IMPORT,
          'import { zeroRightClassName } from "react-remove-scroll-bar/constants"; const RemoveScroll = { classNames: { zeroRight: zeroRightClassName } };',
        ),
        map: null,
      };
    },
    buildEnd() {
      if (rewritten === 0) this.warn('no AppShell module imported react-remove-scroll: is this plugin still needed?');
    },
  };
}

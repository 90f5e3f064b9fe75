import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `apps/server` folder, found the same way from `src/` (tsx, tests) and from the `dist/` bundle. */
export const serverRoot: string = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === '@inkwell/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @inkwell/server package folder');
    dir = parent;
  }
})();

export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
export const defaultWebDist = path.join(serverRoot, '..', 'web', 'dist');

/** The built web app's index.html (`WEB_DIST` when set). */
export const webIndexFile = (webDist: string | undefined): string =>
  path.join(webDist ? path.resolve(webDist) : defaultWebDist, 'index.html');

/** How many migrations ship with this build (the drizzle journal's entries). */
export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

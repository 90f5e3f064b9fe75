import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `apps/server` folder, found the same way from `src/` (tsx, tests) and from the `dist/` bundle. A leaf
 * beside `config.ts`: every layer may use it (db/ for its migrations, platform/ for the web app's files).
 */
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

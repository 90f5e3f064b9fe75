// Bundles the server into dist/main.js. Dependencies stay in node_modules (PGlite, sharp and argon2 load
// files next to their own modules); only our code and the contracts package are bundled.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@inkwell/contracts': path.join(here, '../../packages/contracts/src/index.ts') },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // jsdom stands for a browser, so the tests run the tus client the build bundles (XHR, localStorage), not the
    // Node one Node's own resolution would pick; Vite transforms it, as its files are ES modules in a CJS package.
    server: { deps: { inline: ['tus-js-client'] } },
  },
  resolve: { alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }] },
});

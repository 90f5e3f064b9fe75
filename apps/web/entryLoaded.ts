import type { Plugin } from 'vite';

/**
 * The files the entry imports statically, whole tree (the shared UI, icons, router, i18n, contracts, data…): every
 * one is loaded before any script runs, so a lazy screen's list of files to preload need not name them again. Left
 * to itself the bundler lists them in every dynamic import's list, and those hashed names (~40 bytes each) add up:
 * the admin area's list of its pages alone carried ~1 KB brotli of them. Read from the bundle before Vite writes the
 * lists (its import analysis runs after our plugins' `generateBundle`); `resolveDependencies` then skips them.
 */
export function entryLoaded(): { plugin: Plugin; without: (deps: string[]) => string[] } {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'inkwell-entry-loaded',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (loaded.has(file) || chunk?.type !== 'chunk') return;
          loaded.add(file);
          chunk.imports.forEach(visit);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      },
    },
  };
  return { plugin, without: (deps) => deps.filter((dep) => !loaded.has(dep)) };
}

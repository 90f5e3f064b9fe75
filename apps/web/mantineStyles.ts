import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** A Mantine package's styles.css (its package.json is not exported), or undefined for a package without one. */
const stylesheetOf = (pkg: string): string | undefined => {
  try {
    return require.resolve(`@mantine/${pkg}/styles.css`);
  } catch {
    return undefined;
  }
};
const coreStyles = path.join(path.dirname(stylesheetOf('core')!), 'styles');

/** `…/@mantine/core/esm/components/Button/Button.module.mjs` → `Button`: the class names of one component. */
const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;

/**
 * Mantine's styles for exactly the components the app uses, each travelling with the component's code: every
 * `<Component>.module.mjs` of @mantine/core (the class names of one component) imports its own
 * `@mantine/core/styles/<Component>.css`, Mantine's per-component files. So the first screen carries only the
 * CSS of what it shows, and a lazy chunk's components bring theirs (the admin's tables and charts ride in the
 * admin chunks). Dependencies come for free: Button's code imports UnstyledButton's, so its CSS comes first.
 *
 * Build only: the dev server pre-bundles @mantine/core into one file, and main.tsx imports the whole
 * `styles.css` there instead.
 *
 * After the build, every Mantine class a script uses must be styled by the CSS that loads with it (its own
 * chunk's, its static imports', or the entry's), or the build fails naming the file to import.
 */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'inkwell-mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const component = COMPONENT_CLASSES.exec(id.split('?')[0]!)?.[1];
      if (!component || !fs.existsSync(path.join(coreStyles, `${component}.css`))) return null;
      return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    },
    generateBundle(_, bundle) {
      const definedIn = mantineClassOwners();
      const cssClasses = new Map<string, Set<string>>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css')) {
          cssClasses.set(file.fileName, new Set(String(file.source).match(MANTINE_CLASS)));
        }
      }
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      const staticClosure = (start: string): Set<string> => {
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name) || !chunks.has(name)) return;
          seen.add(name);
          chunks.get(name)!.imports.forEach(visit);
        };
        visit(start);
        return seen;
      };
      const entryCss = [...chunks.values()]
        .filter((chunk) => chunk.isEntry)
        .flatMap((chunk) => [...staticClosure(chunk.fileName)]);
      const missing: string[] = [];
      for (const chunk of chunks.values()) {
        const styled = new Set(
          [...new Set([...entryCss, ...staticClosure(chunk.fileName)])]
            .flatMap((name) => [...(chunks.get(name)!.viteMetadata?.importedCss ?? [])])
            .flatMap((css) => [...(cssClasses.get(css) ?? [])]),
        );
        for (const cls of new Set(chunk.code.match(MANTINE_CLASS))) {
          const owners = definedIn.get(cls);
          if (owners && !styled.has(cls)) missing.push(`${chunk.fileName}: ${cls} (${owners.join(' or ')})`);
        }
      }
      if (missing.length) {
        this.error(`Mantine classes used without their styles; import these CSS files:\n  ${missing.join('\n  ')}`);
      }
    },
  };
}

/** Which Mantine CSS file styles each class: core's per-component files and the other packages' styles.css. */
function mantineClassOwners(): Map<string, string[]> {
  const files = fs
    .readdirSync(coreStyles)
    .filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))
    .map((name) => ({ name: `@mantine/core/styles/${name}`, file: path.join(coreStyles, name) }));
  for (const pkg of ['notifications', 'carousel', 'tiptap', 'charts', 'modals']) {
    const file = stylesheetOf(pkg);
    if (file) files.push({ name: `@mantine/${pkg}/styles.css`, file });
  }
  const owners = new Map<string, string[]>();
  for (const { name, file } of files) {
    for (const cls of new Set(fs.readFileSync(file, 'utf8').match(MANTINE_CLASS) ?? [])) {
      owners.set(cls, [...(owners.get(cls) ?? []), name]);
    }
  }
  return owners;
}

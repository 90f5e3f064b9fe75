import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../server-root';
import { migrationsFolder } from './migrate';

describe('migrations', () => {
  it('agree with the schema: drizzle-kit finds nothing left to generate', () => {
    // drizzle-kit takes the output folder relative to its working directory.
    const relative = path.join('node_modules', `.migrations-check-${process.pid}`);
    const copy = path.join(serverRoot, relative);
    try {
      fs.cpSync(migrationsFolder, copy, { recursive: true });
      const before = fs.readdirSync(copy).sort();
      const output = execFileSync(
        process.execPath,
        [
          path.join(serverRoot, '..', '..', 'node_modules', 'drizzle-kit', 'bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--casing=snake_case',
          '--schema=src/db/schema/index.ts',
          `--out=${relative}`,
        ],
        { cwd: serverRoot, encoding: 'utf8', stdio: 'pipe' },
      );
      expect(output).toContain('No schema changes');
      expect(fs.readdirSync(copy).sort()).toEqual(before);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = { NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) };

describe('configuration', () => {
  it('seeds demo people (public password) only on the embedded database in development, or when asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('offers the sandbox checkout outside production only', () => {
    expect(loadConfig({}).payments.sandbox).toBe(true);
    expect(loadConfig(production).payments.sandbox).toBe(false);
  });
});

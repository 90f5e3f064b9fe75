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

  it('links in mails use PUBLIC_URL, else this machine’s address on PORT (never a request’s Host)', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({
      publicUrl: 'http://localhost:4000',
      publicUrlDefaulted: true,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://ink.example.com/' })).toMatchObject({
      publicUrl: 'https://ink.example.com',
      publicUrlDefaulted: false,
    });
  });

  it('listens on this machine only outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Phone.local, [fd00::1],, 192.168.1.20 ' }).allowedHosts).toEqual([
      'phone.local',
      'fd00::1',
      '192.168.1.20',
    ]);
  });

  it('turns a social provider on only with both its client id and secret, endpoints overridable', () => {
    expect(loadConfig({}).oauth).toEqual({});
    expect(loadConfig({ OAUTH_GOOGLE_CLIENT_ID: 'id' }).oauth).toEqual({});
    const config = loadConfig({
      OAUTH_GITHUB_CLIENT_ID: 'id',
      OAUTH_GITHUB_CLIENT_SECRET: 'secret',
      OAUTH_GITHUB_TOKEN_URL: 'http://127.0.0.1:9/token',
      OAUTH_GITHUB_EMAILS_URL: 'http://127.0.0.1:9/emails',
      OAUTH_X_CLIENT_ID: 'x',
      OAUTH_X_CLIENT_SECRET: 'y',
    });
    expect(config.oauth.github).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      tokenUrl: 'http://127.0.0.1:9/token',
      emailsUrl: 'http://127.0.0.1:9/emails',
      authorizeUrl: undefined,
    });
    expect(Object.keys(config.oauth)).toEqual(['github', 'x']);
    expect(() => loadConfig({ OAUTH_X_AUTHORIZE_URL: 'not a url' })).toThrow(/OAUTH_X_AUTHORIZE_URL/);
  });

  it('offers the sandbox checkout outside production only', () => {
    expect(loadConfig({}).payments.sandbox).toBe(true);
    expect(loadConfig(production).payments.sandbox).toBe(false);
  });
});

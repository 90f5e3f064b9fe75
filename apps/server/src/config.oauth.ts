import { z } from 'zod';

/*
 * Social sign-in settings, as config.ts reads them from the environment (it stays the only reader of the
 * environment; these functions take the parsed values).
 */

/** Social sign-in providers (the contract's SOCIAL_PROVIDERS) and their environment prefix. */
const OAUTH_PROVIDERS = { google: 'GOOGLE', github: 'GITHUB', facebook: 'FACEBOOK', x: 'X' } as const;
export type OAuthProviderName = keyof typeof OAUTH_PROVIDERS;
const OAUTH_SETTINGS = ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL', 'USERINFO_URL'] as const;

/**
 * `OAUTH_<P>_CLIENT_ID`, `_CLIENT_SECRET` and the endpoint overrides (URLs), plus GitHub's e-mails URL;
 * `optional` is config.ts's schema for a setting that may be unset or blank.
 */
export function oauthEnv<Optional extends z.ZodType<string | undefined>>(optional: Optional) {
  const url = z.url().optional();
  const shape: Record<string, Optional | typeof url> = { OAUTH_GITHUB_EMAILS_URL: url };
  for (const prefix of Object.values(OAUTH_PROVIDERS)) {
    for (const setting of OAUTH_SETTINGS)
      shape[`OAUTH_${prefix}_${setting}`] = setting.endsWith('_URL') ? url : optional;
  }
  return shape;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  /** GitHub only: where the person's addresses and whether each is verified are read. */
  emailsUrl?: string;
}

export function oauthConfig(
  e: Record<string, string | undefined>,
): Partial<Record<OAuthProviderName, OAuthClientConfig>> {
  const out: Partial<Record<OAuthProviderName, OAuthClientConfig>> = {};
  for (const [name, prefix] of Object.entries(OAUTH_PROVIDERS) as [OAuthProviderName, string][]) {
    const clientId = e[`OAUTH_${prefix}_CLIENT_ID`];
    const clientSecret = e[`OAUTH_${prefix}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) continue;
    out[name] = {
      clientId,
      clientSecret,
      authorizeUrl: e[`OAUTH_${prefix}_AUTHORIZE_URL`],
      tokenUrl: e[`OAUTH_${prefix}_TOKEN_URL`],
      userinfoUrl: e[`OAUTH_${prefix}_USERINFO_URL`],
      ...(name === 'github' ? { emailsUrl: e.OAUTH_GITHUB_EMAILS_URL } : {}),
    };
  }
  return out;
}

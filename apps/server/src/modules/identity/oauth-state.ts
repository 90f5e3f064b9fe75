import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SocialProvider } from '@inkwell/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './login-guard';

/**
 * What one browser's sign-in attempt with a provider holds between `/auth/{provider}` and its callback: the
 * `state` sent to the provider, the PKCE verifier, and the person to connect when it was started signed in.
 * It travels in an HttpOnly, SameSite=Lax cookie (Lax: the provider's redirect back is a top-level
 * navigation), encrypted and authenticated with a key from APP_SECRET (AES-256-GCM), so the browser can
 * neither read the verifier nor change the person. One cookie per provider, scoped to `/api/auth`.
 */
export interface OAuthAttempt {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  /** Set when a signed-in person started it to connect the provider to their account. */
  userId: number | null;
  expiresAt: number;
}

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/api/auth';
export const stateCookieName = (provider: SocialProvider): string => `inkwell_oauth_${provider}`;

export function createStateCookies(appSecret: string, secure: boolean) {
  const key = createHmac('sha256', appSecret).update('inkwell-oauth-state').digest();

  const seal = (attempt: OAuthAttempt): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The provider is the additional data: a cookie cannot be replayed under another provider's name.
    cipher.setAAD(Buffer.from(attempt.provider));
    const body = Buffer.concat([cipher.update(JSON.stringify(attempt), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  };

  const open = (provider: SocialProvider, value: string): OAuthAttempt | undefined => {
    const parts = value.split('.');
    if (parts.length !== 3 || value.length > 4096) return undefined;
    try {
      const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(provider));
      decipher.setAuthTag(tag);
      const attempt = JSON.parse(
        Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
      ) as OAuthAttempt;
      return attempt.provider === provider ? attempt : undefined;
    } catch {
      return undefined;
    }
  };

  const write = (reply: FastifyReply, provider: SocialProvider, value: string, maxAgeSeconds: number): void => {
    const attributes = [
      `Path=${COOKIE_PATH}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ];
    reply.header('set-cookie', `${stateCookieName(provider)}=${value}; ${attributes.join('; ')}`);
  };

  return {
    /** Starts an attempt: sets the cookie. */
    issue(reply: FastifyReply, attempt: OAuthAttempt): void {
      write(reply, attempt.provider, seal(attempt), Math.floor(OAUTH_STATE_TTL_MS / 1000));
    },
    /** The attempt this browser holds for the provider, if its cookie is ours (expiry is the caller's check). */
    read(request: FastifyRequest, provider: SocialProvider): OAuthAttempt | undefined {
      const value = readCookie(request.headers.cookie, stateCookieName(provider));
      return value ? open(provider, value) : undefined;
    },
    /** Ends the attempt in this browser, whatever its outcome. */
    clear(reply: FastifyReply, provider: SocialProvider): void {
      write(reply, provider, '', 0);
    },
  };
}

export type StateCookies = ReturnType<typeof createStateCookies>;

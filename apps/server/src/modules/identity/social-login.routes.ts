import { identityApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, byUser, type RateRule } from '../../platform/rate-limit';
import { createStateCookies } from './oauth-state';
import * as social from './social-login.service';

/** Starting and finishing provider sign-ins cost outgoing requests and rows: bounded per address, like sign-in. */
const limits = {
  start: { name: 'oauth-start-ip', max: 30, windowMs: 5 * MINUTE, key: (r) => r.ip },
  callback: { name: 'oauth-callback-ip', max: 25, windowMs: 5 * MINUTE, key: (r) => r.ip },
  disconnect: { name: 'oauth-disconnect', max: 20, windowMs: 5 * MINUTE, key: byUser },
} satisfies Record<string, RateRule>;

export function socialLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cookies = createStateCookies(ctx.appSecret, ctx.config.publicUrl.startsWith('https:'));

  route(app, ctx, api.socialProviders, { auth: 'none' }, async () => ({ data: social.configuredProviders(ctx) }));

  // Signed in, the attempt connects the provider to the caller instead of signing in.
  route(
    app,
    ctx,
    api.socialAuthorize,
    { auth: 'optional', limits: [limits.start] },
    async ({ reply, params, auth }) => ({
      data: social.authorize(ctx, cookies, reply, params.provider, auth),
    }),
  );

  route(
    app,
    ctx,
    api.socialCallback,
    { auth: 'optional', limits: [limits.callback] },
    async ({ request, reply, params, query, auth, locale }) =>
      social.callback(ctx, cookies, request, reply, params.provider, query, auth, locale),
  );

  route(app, ctx, api.socialLogins, {}, async ({ auth }) => ({ data: await social.logins(ctx, auth) }));

  route(app, ctx, api.disconnectSocial, { limits: [limits.disconnect] }, async ({ auth, params }) => {
    await social.disconnect(ctx, auth, params.provider);
  });
}

import { identityApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { HOUR, MINUTE, type RateRule } from '../../platform/rate-limit';
import * as identity from './identity.service';

const emailOf = (request: { body?: unknown }): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
};

const limits = {
  loginIp: { name: 'login-ip', max: 25, windowMs: 5 * MINUTE, key: (r) => r.ip },
  loginEmail: { name: 'login-email', max: 25, windowMs: HOUR, key: emailOf },
  registerIp: { name: 'register-ip', max: 5, windowMs: 30 * MINUTE, key: (r) => r.ip },
  mailedLinkEmail: { name: 'mail-email', max: 5, windowMs: 30 * MINUTE, key: emailOf },
} satisfies Record<string, RateRule>;

export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.register, { auth: 'none', limits: [limits.registerIp] }, async ({ body, locale }) => {
    await identity.register(ctx, body, locale);
    return { message: t(locale, 'auth.registered') };
  });

  route(app, ctx, api.verifyEmail, { auth: 'none' }, async ({ body, locale }) => {
    await identity.verifyEmail(ctx, body.token);
    return { message: t(locale, 'auth.activated') };
  });

  route(
    app,
    ctx,
    api.resendActivation,
    { auth: 'none', limits: [limits.mailedLinkEmail] },
    async ({ body, locale }) => {
      await identity.resendActivation(ctx, body.email, locale);
      return { message: t(locale, 'auth.activation_resent') };
    },
  );

  route(app, ctx, api.login, { auth: 'none', limits: [limits.loginIp, limits.loginEmail] }, async ({ body, locale }) =>
    identity.login(ctx, body, locale),
  );

  route(app, ctx, api.logout, {}, async ({ auth }) => {
    await identity.logout(ctx, auth);
  });

  route(app, ctx, api.forgotPassword, { auth: 'none', limits: [limits.mailedLinkEmail] }, async ({ body, locale }) => {
    await identity.forgotPassword(ctx, body.email, locale);
    return { message: t(locale, 'auth.reset_link_sent') };
  });

  route(app, ctx, api.resetPassword, { auth: 'none', limits: [limits.loginIp] }, async ({ body, locale }) => {
    await identity.resetPassword(ctx, body);
    return { message: t(locale, 'auth.password_reset') };
  });
}

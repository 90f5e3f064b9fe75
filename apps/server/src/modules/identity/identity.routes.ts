import { identityApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { MINUTE, type RateRule } from '../../platform/rate-limit';
import * as identity from './identity.service';
import { createLoginGuard } from './login-guard';
import { socialLoginRoutes } from './social-login.routes';

const emailOf = (request: { body?: unknown }): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
};

/** Sign-in also counts wrong passwords per (e-mail, address), per e-mail and per known device (login-guard.ts). */
const limits = {
  loginIp: { name: 'login-ip', max: 25, windowMs: 5 * MINUTE, key: (r) => r.ip },
  registerIp: { name: 'register-ip', max: 5, windowMs: 30 * MINUTE, key: (r) => r.ip },
  mailedLinkEmail: { name: 'mail-email', max: 5, windowMs: 30 * MINUTE, key: emailOf },
} satisfies Record<string, RateRule>;

export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guard = createLoginGuard(app, ctx);

  route(app, ctx, api.register, { auth: 'none', limits: [limits.registerIp] }, async ({ body, locale }) => {
    await identity.register(ctx, body, locale);
    return { message: t(locale, 'auth.registered') };
  });

  route(app, ctx, api.verifyEmail, { auth: 'none' }, async ({ body, locale }) => {
    const outcome = await identity.verifyEmail(ctx, body.token);
    return { message: t(locale, outcome === 'activated' ? 'auth.activated' : 'auth.already_activated') };
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

  route(app, ctx, api.login, { auth: 'none', limits: [limits.loginIp] }, async ({ request, reply, body, locale }) =>
    identity.login(ctx, body, locale, guard.gate(request, reply, body.email)),
  );

  route(app, ctx, api.logout, {}, async ({ auth }) => {
    await identity.logout(ctx, auth);
  });

  route(app, ctx, api.forgotPassword, { auth: 'none', limits: [limits.mailedLinkEmail] }, async ({ body, locale }) => {
    await identity.forgotPassword(ctx, body.email, locale);
    return { message: t(locale, 'auth.reset_link_sent') };
  });

  route(
    app,
    ctx,
    api.resetPassword,
    { auth: 'none', limits: [limits.loginIp] },
    async ({ request, reply, body, locale }) => {
      // The reset proved the mailbox: this browser may sign in even while the e-mail is in back-off.
      guard.remember(request, reply, await identity.resetPassword(ctx, body));
      return { message: t(locale, 'auth.password_reset') };
    },
  );

  socialLoginRoutes(app, ctx);
}

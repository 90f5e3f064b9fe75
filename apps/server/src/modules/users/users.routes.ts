import { usersApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import { person } from '../friends';
import { usersAdminRoutes } from './users.admin.routes';
import * as users from './users.service';

export const passwordChangeLimit: RateRule = { name: 'password-change', max: 10, windowMs: HOUR, key: byUser };

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.me, {}, async ({ auth, locale }) => ({
    data: await users.sessionUser(ctx, auth.user.id, locale),
  }));

  route(app, ctx, api.update, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, auth.user.id === params.id ? 'users.updated' : 'users.admin_updated'),
    data: await users.updateProfile(ctx, auth, params.id, body, locale),
  }));

  // Each attempt checks the current password: a stolen session must not be able to guess it at speed.
  route(app, ctx, api.changePassword, { limits: [passwordChangeLimit] }, async ({ auth, body, locale }) => {
    await users.changePassword(ctx, auth, body);
    return { message: t(locale, 'auth.password_changed') };
  });

  // Another person's profile, with where the viewer stands with them (the friends module knows that).
  route(app, ctx, api.person, {}, async ({ auth, params }) => ({ data: await person(ctx, auth, params.id) }));

  route(app, ctx, api.devices, {}, async ({ auth }) => ({ data: await users.devices(ctx, auth) }));

  route(app, ctx, api.revokeDevice, {}, async ({ auth, params }) => {
    await users.revokeDevice(ctx, auth, params.id);
  });

  usersAdminRoutes(app, ctx);
}

import { usersApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import * as admin from './users.admin.service';

/** People for everyone signed in, and the admin side of people (each route's permission is in the contract). */
export function usersAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.list, {}, async ({ auth, query, request, locale }) =>
    admin.list(ctx, auth, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );

  route(app, ctx, api.edit, {}, async ({ auth, params }) => ({ data: await admin.adminView(ctx, auth, params.id) }));

  route(app, ctx, api.changeRole, {}, async ({ auth, params, body, locale }) => {
    await admin.changeRole(ctx, auth, params.id, body.role_id);
    return { message: t(locale, 'users.role_changed'), data: await admin.adminView(ctx, auth, params.id) };
  });

  route(app, ctx, api.suspend, {}, async ({ auth, params, locale }) => {
    await admin.setSuspension(ctx, auth, params.id, true);
    return { message: t(locale, 'users.suspended'), data: await admin.adminView(ctx, auth, params.id) };
  });

  route(app, ctx, api.reinstate, {}, async ({ auth, params, locale }) => {
    await admin.setSuspension(ctx, auth, params.id, false);
    return { message: t(locale, 'users.reinstated'), data: await admin.adminView(ctx, auth, params.id) };
  });
}

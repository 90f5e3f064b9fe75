import { permissionsApi, rolesApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import * as permissions from './permissions.service';
import * as roles from './roles.service';

export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  // `roles.manage` or `users.role` (roles.policy.ts): the contract names one permission, so the service asks.
  route(app, ctx, rolesApi.list, {}, async ({ auth }) => ({ data: await roles.list(ctx, auth) }));

  route(app, ctx, rolesApi.create, {}, async ({ auth, body }) => ({ data: await roles.create(ctx, auth, body.name) }));

  route(app, ctx, rolesApi.permissions, {}, async ({ auth, params }) => ({
    data: await roles.withPermissions(ctx, auth, params.id),
  }));

  route(app, ctx, rolesApi.setPermissions, {}, async ({ auth, params, body }) => ({
    data: await roles.setPermissions(ctx, auth, params.id, body.permissions),
  }));

  // `permissions.manage` or `roles.manage` (roles.policy.ts), for the same reason.
  route(app, ctx, permissionsApi.list, {}, async ({ auth, query, request, locale }) =>
    permissions.list(ctx, auth, query, { url: url(request.url), locale }),
  );

  route(app, ctx, permissionsApi.create, {}, async ({ auth, body }) => ({
    data: await permissions.create(ctx, auth, body.name),
  }));

  route(app, ctx, permissionsApi.update, {}, async ({ auth, params, body }) => ({
    data: await permissions.rename(ctx, auth, params.id, body.name),
  }));

  route(app, ctx, permissionsApi.remove, {}, async ({ auth, params }) => {
    await permissions.remove(ctx, auth, params.id);
  });
}

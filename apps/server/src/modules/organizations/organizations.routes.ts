import { organizationsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import * as repo from './organizations.repo';
import * as organizations from './organizations.service';

export const createOrganizationLimit: RateRule = { name: 'organizations', max: 10, windowMs: HOUR, key: byUser };

export function organizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.mine, {}, async ({ auth }) => ({ data: await organizations.mine(ctx, auth) }));

  route(app, ctx, api.usernameCheck, {}, async ({ query, locale }) =>
    organizations.checkUsername((u) => repo.usernameTaken(ctx.db, u), query.username, locale),
  );

  route(app, ctx, api.create, { limits: [createOrganizationLimit] }, async ({ auth, body }) => ({
    data: await organizations.create(ctx, auth, body),
  }));

  route(app, ctx, api.adminList, {}, async ({ query, request, locale }) =>
    organizations.adminList(ctx, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );

  route(app, ctx, api.edit, {}, async ({ auth, params }) => ({
    data: await organizations.forEdit(ctx, auth, params.id),
  }));

  route(app, ctx, api.update, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, 'creators.organization_updated'),
    data: await organizations.adminUpdate(ctx, auth, params.id, body),
  }));
}

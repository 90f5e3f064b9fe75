import { creatorsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import * as repo from './organizations.repo';
import * as organizations from './organizations.service';

export function organizationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.myOrganizations, {}, async ({ auth }) => ({ data: await organizations.mine(ctx, auth) }));

  route(app, ctx, api.organizationUsernameCheck, {}, async ({ query, locale }) =>
    organizations.checkUsername((u) => repo.usernameTaken(ctx.db, u), query.username, locale),
  );

  route(app, ctx, api.createOrganization, {}, async ({ auth, body }) => ({
    data: await organizations.create(ctx, auth, body),
  }));
}

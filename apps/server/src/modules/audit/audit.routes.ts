import { auditApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import * as audit from './audit.service';

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, auditApi.list, {}, async ({ query, request, locale }) =>
    audit.list(ctx, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );
}

import { mediaApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE } from '../../platform/rate-limit';
import * as media from './media.service';

const uploads = {
  name: 'uploads',
  max: 60,
  windowMs: 10 * MINUTE,
  key: (r: { auth: { user: { id: number } } | null }) => String(r.auth?.user.id),
};

export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.uploadImage, { limits: [uploads] }, async ({ auth, request }) =>
    media.uploadImage(ctx, auth, request),
  );
  route(app, ctx, api.uploadAudio, { limits: [uploads] }, async ({ auth, request }) =>
    media.uploadAv(ctx, auth, request, 'audio'),
  );
  route(app, ctx, api.uploadVideo, { limits: [uploads] }, async ({ auth, request }) =>
    media.uploadAv(ctx, auth, request, 'video'),
  );
  route(app, ctx, api.check, {}, async ({ auth, query, locale }) => media.check(ctx, auth, query.file, locale));
}

import { mediaApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, rateLimit, type RateRule } from '../../platform/rate-limit';
import * as media from './media.service';
import { tusRoutes } from './tus';

/** Uploads per person, however they are sent: a multipart upload and a resumable one's creation count alike. */
export const uploadLimit: RateRule = {
  name: 'uploads',
  max: 60,
  windowMs: 10 * MINUTE,
  key: (r) => String(r.auth?.user.id),
};

export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.uploadImage, { limits: [uploadLimit] }, async ({ auth, request }) =>
    media.uploadImage(ctx, auth, request),
  );
  route(app, ctx, api.uploadAudio, { limits: [uploadLimit] }, async ({ auth, request }) =>
    media.uploadAv(ctx, auth, request, 'audio'),
  );
  route(app, ctx, api.uploadVideo, { limits: [uploadLimit] }, async ({ auth, request }) =>
    media.uploadAv(ctx, auth, request, 'video'),
  );
  route(app, ctx, api.check, {}, async ({ auth, query, locale }) => media.check(ctx, auth, query.file, locale));
  // The same rule on the same app: one counter for both ways of uploading.
  tusRoutes(app, ctx, [rateLimit(app, uploadLimit, ctx.config.rateLimitScale)]);
}

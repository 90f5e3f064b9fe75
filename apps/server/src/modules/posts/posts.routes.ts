import { postsApi as api, publishingApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import { MINUTE, byUser, guestReadLimit, type RateRule } from '../../platform/rate-limit';
import { postsAdminRoutes } from './posts.admin.routes';
import { keyOfSegment, mediaSigner } from './locked-media';
import { sendLockedFile } from './locked-media.send';
import * as posts from './posts.service';
import * as lists from './posts.lists';
import * as publishing from './publishing.service';
import { fromThisMachine } from '../../platform/http/loopback';
import { notFound } from '../../platform/errors';

export const createPostLimit: RateRule = { name: 'posts', max: 30, windowMs: 10 * MINUTE, key: byUser };

export function postsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sign = mediaSigner(ctx);
  const url = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  route(app, ctx, api.create, { limits: [createPostLimit] }, async ({ auth, body }) => ({
    data: await posts.create(ctx, auth, body),
  }));

  route(app, ctx, api.bySlug, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await posts.bySlug(ctx, auth, params.slug),
  }));

  route(app, ctx, api.update, {}, async ({ auth, params, body }) => ({
    data: await posts.update(ctx, auth, params.id, body),
  }));

  route(app, ctx, api.remove, {}, async ({ auth, params }) => {
    await posts.remove(ctx, auth, params.id);
  });

  route(
    app,
    ctx,
    api.publicFeed,
    { auth: 'optional', limits: [guestReadLimit] },
    async ({ auth, query, request, locale }) =>
      lists.pageOf(await lists.lists.public(ctx, auth, query), auth, query, { url: url(request.url), locale }, sign),
  );

  route(app, ctx, api.feed, {}, async ({ auth, query, request, locale }) =>
    lists.pageOf(await lists.lists.followed(ctx, auth, query), auth, query, { url: url(request.url), locale }, sign),
  );

  route(app, ctx, api.mine, {}, async ({ auth, query, request, locale }) =>
    lists.pageOf(await lists.lists.mine(ctx, auth, query), auth, query, { url: url(request.url), locale }, sign),
  );

  route(
    app,
    ctx,
    api.ofAccount,
    { auth: 'optional', limits: [guestReadLimit] },
    async ({ auth, params, query, request, locale }) =>
      lists.pageOf(
        await lists.lists.account(ctx, auth, params.id, query.type, query),
        auth,
        query,
        { url: url(request.url), locale },
        sign,
      ),
  );

  route(app, ctx, publishingApi.drafts, {}, async ({ auth, query, request, locale }) =>
    publishing.drafts(ctx, auth, query, { url: url(request.url), locale }),
  );

  route(app, ctx, publishingApi.publish, { limits: [createPostLimit] }, async ({ auth, params, body }) => ({
    data: await publishing.publish(ctx, auth, params.id, body.publish_at),
  }));

  route(app, ctx, publishingApi.unschedule, {}, async ({ auth, params }) => ({
    data: await publishing.unschedule(ctx, auth, params.id),
  }));

  route(app, ctx, publishingApi.previewLink, {}, async ({ auth, params }) => ({
    data: await publishing.previewLink(ctx, auth, params.id),
  }));

  route(app, ctx, publishingApi.preview, { auth: 'none', limits: [guestReadLimit] }, async ({ params }) => ({
    data: await publishing.preview(ctx, params.token),
  }));

  route(app, ctx, publishingApi.versions, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await publishing.versionsOf(ctx, auth, params.id),
  }));

  route(app, ctx, publishingApi.removeVersion, {}, async ({ auth, params }) => {
    await publishing.removeVersion(ctx, auth, params.id, params.versionId);
  });

  // Outside production, on this machine only: runs the scheduler as of a given moment, so a journey can see a
  // post scheduled minutes ahead publish without waiting for the clock (the job itself runs every minute).
  if (!ctx.config.isProduction) {
    route(app, ctx, publishingApi.devPublishDue, { auth: 'none' }, async ({ query, request }) => {
      if (!fromThisMachine(request)) throw notFound();
      return { data: { published: await publishing.publishDue(ctx, query.at ? new Date(query.at) : new Date()) } };
    });
  }

  // A members-only post's file, by its signed address (img and video tags send no token: the signature is it).
  route(app, ctx, api.lockedMedia, { auth: 'none' }, async ({ params, query, request, reply }) =>
    sendLockedFile(ctx, request, reply, { key: keyOfSegment(params.key), ...query }),
  );

  postsAdminRoutes(app, ctx);
}

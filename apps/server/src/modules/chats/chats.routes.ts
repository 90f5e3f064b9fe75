import { chatsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import { HOUR, MINUTE, byUser, type RateRule } from '../../platform/rate-limit';
import * as chats from './chats.service';

/** A lively conversation, not a flood: one message a second on average, in bursts. */
export const chatMessageLimit: RateRule = { name: 'chat-messages', max: 60, windowMs: MINUTE, key: byUser };
export const chatRoomLimit: RateRule = { name: 'chat-rooms', max: 30, windowMs: HOUR, key: byUser };

export function chatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const urlOf = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  route(app, ctx, api.list, {}, async ({ auth, query, request, locale }) =>
    chats.list(ctx, auth, query, { url: urlOf(request.url), locale }),
  );
  route(app, ctx, api.create, { limits: [chatRoomLimit] }, async ({ auth, body }) => chats.create(ctx, auth, body));
  route(app, ctx, api.unread, {}, async ({ auth }) => ({ unread_count: await chats.unread(ctx, auth) }));
  route(app, ctx, api.room, {}, async ({ auth, params, query, request, locale }) =>
    chats.room(ctx, auth, params.roomId, query, { url: urlOf(request.url), locale }),
  );
  route(app, ctx, api.missed, {}, async ({ auth, params, query }) =>
    chats.missed(ctx, auth, params.roomId, query.after),
  );
  route(app, ctx, api.send, { limits: [chatMessageLimit] }, async ({ auth, params, body }) => ({
    data: await chats.send(ctx, auth, params.roomId, body),
  }));
  route(app, ctx, api.read, {}, async ({ auth, params }) => ({
    unread_count: await chats.read(ctx, auth, params.roomId),
  }));
}

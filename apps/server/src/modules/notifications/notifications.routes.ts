import { notificationsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import * as notifications from './notifications.service';

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.list, {}, async ({ auth, query, request, locale }) =>
    notifications.list(ctx, auth, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );
  route(app, ctx, api.read, {}, async ({ auth, body }) => ({
    unread_count: await notifications.read(ctx, auth, body.ids),
  }));
  route(app, ctx, api.settings, {}, async ({ auth }) => ({ data: await notifications.settings(ctx, auth) }));
  route(app, ctx, api.updateSettings, {}, async ({ auth, body, locale }) => ({
    message: t(locale, 'notifications.settings_saved'),
    data: await notifications.updateSettings(ctx, auth, body.settings),
  }));
}

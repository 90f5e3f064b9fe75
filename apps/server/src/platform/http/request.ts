import type { Locale } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/authenticate';
import { negotiateLocale } from '../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
}

export function decorateRequests(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
  });
}

import type { Locale } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/authenticate';
import { negotiateLocale } from '../i18n';
import type { Normalization } from './text-input';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
    /** What the boundary converted in this request's text (text-input.ts), reported in the answer. */
    normalized: Normalization[] | null;
  }
}

export function decorateRequests(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('auth', null);
  app.decorateRequest('normalized', null);
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
  });
}

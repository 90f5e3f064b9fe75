import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Security headers with a real Content-Security-Policy for the SPA, uploads and media. */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const storageOrigins = [config.s3?.publicUrl, config.s3?.endpoint]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  const gatewayForms = config.payments.ayapay ? [new URL(config.payments.ayapay.baseUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes and injects its CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
        mediaSrc: ["'self'", 'blob:', ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // AYA Pay's checkout is a form the payer's browser posts to the gateway.
        formAction: ["'self'", ...gatewayForms],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Uploaded media may be embedded by the SPA from another origin in production (S3).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction ? undefined : false,
  });
}

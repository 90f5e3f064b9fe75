import { z } from 'zod';
import { oauthEnv } from './config.oauth';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** The environment's settings as the server reads them, each with its embedded default (see config.ts). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optional,
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  REDIS_PREFIX: z.string().trim().max(64).default('inkwell:'),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)) {
        if (!URL.canParse(item)) ctx.addIssue({ code: 'custom', message: `not a URL: ${item}` });
        else origins.push(new URL(item).origin);
      }
      return origins;
    }),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Inkwell <no-reply@inkwell.local>'),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional,
  APP_SECRET: optional,
  ADMIN_EMAIL: z.string().trim().toLowerCase().default('admin@inkwell.local'),
  ADMIN_PASSWORD: optional,
  SEED_DEMO: optional,
  JOBS: z.enum(['inline', 'off']).default('inline'),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optional,
  WEB_DIST: optional,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  JOB_STALL_SECONDS: z.coerce.number().int().min(10).default(300),
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Tests only (refused in production): the process kills itself right after a commit that published this event. */
  FAULT_EXIT_AFTER_COMMIT: optional,
  /** Tests only (refused in production): a worker takes jobs of this name and never finishes them (a hang). */
  FAULT_HOLD_JOB: optional,
  OPEN_REGISTRATION: bool(true),
  ACCOUNT_APPROVAL: z.enum(['auto', 'manual']).optional(),
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** The platform's share of what readers pay creators (memberships and tips), in percent. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  /** Days a creator's earnings are held (for refunds) before they can be paid out. */
  EARNINGS_HOLD_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  KBZPAY_BASE_URL: optional,
  KBZPAY_APP_ID: optional,
  KBZPAY_MERCH_CODE: optional,
  KBZPAY_APP_KEY: optional,
  KBZPAY_TRADE_TYPE: z.enum(['PWAAPP', 'PAY_BY_QRCODE']).default('PWAAPP'),
  KBZPAY_PWA_URL: optional,
  WAVEPAY_BASE_URL: optional,
  WAVEPAY_MERCHANT_ID: optional,
  WAVEPAY_SECRET_KEY: optional,
  WAVEPAY_MERCHANT_NAME: z.string().default('Inkwell'),
  AYAPAY_BASE_URL: optional,
  AYAPAY_APP_KEY: optional,
  AYAPAY_APP_SECRET: optional,
  AYAPAY_CHANNEL: z.string().default('AYAPAY'),
  AYAPAY_METHOD: z.string().default('QR'),
  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().default(16),
  MEDIA_MAX_AUDIO_MB: z.coerce.number().positive().default(100),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().default(500),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  TRANSCODE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(3600),
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: optional,
  PUSH_ALLOWED_ORIGINS: optional,
  ...oauthEnv(optional),
});

export type Env = z.input<typeof EnvSchema>;

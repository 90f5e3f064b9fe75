import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of `process.env`. Every setting has an embedded default (ARCHITECTURE.md, Configuration);
 * production refuses to start on a default secret.
 */
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

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
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
  OPEN_REGISTRATION: bool(true),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl?: string;
  };
  appSecret?: string;
  adminEmail: string;
  adminPassword?: string;
  seedDemo: boolean;
  jobs: 'inline' | 'off';
  rateLimitScale: number;
  trustProxy: boolean | number | string;
  logLevel: string;
  metricsToken?: string;
  webDist?: string;
  shutdownTimeoutMs: number;
  openRegistration: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3 =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT ?? 'https://s3.amazonaws.com',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined;
  const config: Config = {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3,
    appSecret: e.APP_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : ['1', 'true', 'yes'].includes(e.SEED_DEMO),
    jobs: e.JOBS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    openRegistration: e.OPEN_REGISTRATION,
  };
  if (config.isProduction) assertProductionSafe(config);
  return config;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') return true;
  return value;
}

function assertProductionSafe(config: Config): void {
  const problems: string[] = [];
  if (!config.appSecret || config.appSecret.length < 32)
    problems.push('APP_SECRET must be set to at least 32 random characters');
  if (config.adminPassword !== undefined && config.adminPassword.length < 12)
    problems.push('ADMIN_PASSWORD must be at least 12 characters');
  if (problems.length) throw new Error(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}

/** Test-only settings, read here so no other module touches the environment. */
export function testSettings() {
  return {
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
  };
}

import path from 'node:path';
import { EnvSchema } from './config.env';
import { oauthConfig, type OAuthClientConfig, type OAuthProviderName } from './config.oauth';

export type { Env } from './config.env';
export type { OAuthClientConfig } from './config.oauth';

/**
 * The only reader of `process.env`. Every setting has an embedded default (ARCHITECTURE.md, Configuration;
 * the schema is config.env.ts); production refuses to start on a default secret.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /**
   * Where `serve` listens: `HOST`, else this machine only outside production (`localhost`: both loopback
   * addresses) and every interface in production.
   */
  host: string;
  publicUrl: string;
  /** Host names besides loopback and `PUBLIC_URL`'s that the server answers outside production (`ALLOWED_HOSTS`). */
  allowedHosts: string[];
  /**
   * PUBLIC_URL was not set, so links in mails say `http://localhost:$PORT`. Never guessed from a request's Host
   * header: anyone could then send reset links pointing at their own site. Startup says how to set it.
   */
  publicUrlDefaulted?: boolean;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Begins every Redis key and channel (`REDIS_PREFIX`): installs sharing one Redis keep apart. */
  redisPrefix: string;
  /** Origins besides `publicUrl` whose pages may open a realtime connection (`CORS_ORIGINS`, comma-separated). */
  corsOrigins: string[];
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
  /** Proxy hops (a count) or proxy addresses whose X-Forwarded-For is believed; `false` believes none. */
  trustProxy: false | number | string;
  logLevel: string;
  metricsToken?: string;
  webDist?: string;
  shutdownTimeoutMs: number;
  /**
   * How long the process that committed a transaction has to hand out its events before any process's relay
   * hands them out from the outbox instead (`OUTBOX_RETRY_SECONDS`).
   */
  outboxRetrySeconds: number;
  /** `inkwell worker` answers `/healthz` and `/readyz` on this port (on HOST) when set. */
  workerHealthPort?: number;
  /** A queue whose oldest due job has waited longer is stalled: the worker's `/readyz` fails and an error is logged. */
  jobStallSeconds: number;
  /** A fault to inject in tests: die right after committing a transaction that published this event type. */
  faultExitAfterCommit?: string;
  /** A fault to inject in tests: the worker holds jobs of this name forever, as a hung worker would. */
  faultHoldJob?: string;
  openRegistration: boolean;
  /** `auto` approves new organizations and accounts at once; `manual` leaves them pending for an admin. */
  accountApproval: 'auto' | 'manual';
  payments: PaymentsConfig;
  push: PushConfig;
  /** Social sign-in: a provider is on only when its client id and secret are both set. */
  oauth: Partial<Record<OAuthProviderName, OAuthClientConfig>>;
  media: {
    maxImageBytes: number;
    maxAudioBytes: number;
    maxVideoBytes: number;
    ffmpeg: string;
    ffprobe: string;
    /** A transcode running longer is presumed dead (crashed worker) and retried. */
    transcodeTimeoutSeconds: number;
  };
}

/** The browsers' push services (their endpoints' origins); `*.` matches any subdomain. */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
  'https://*.push.apple.com',
];

/** One social provider's OAuth client; endpoints absent here use the provider's own (social-providers.ts). */
export interface PushConfig {
  /** VAPID keys (URL-safe base64); generated once into DATA_DIR when unset. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** Who the push services may contact: a `mailto:` or `https:` URL. */
  vapidSubject: string;
  /**
   * Origins a subscription's endpoint may have: the server sends requests there, so a person must not be able
   * to point it at any host.
   */
  allowedOrigins: string[];
}

export interface PaymentsConfig {
  timeoutMinutes: number;
  /** The platform's share of readers' payments to creators, in percent (the fee row of each). */
  platformFeePercent: number;
  /** Days a creator's share is held before a payout may take it. */
  earningsHoldDays: number;
  /**
   * The sandbox checkout stands in for a provider without merchant keys, outside production only: in
   * production an unconfigured provider is simply not offered, so nobody can approve their own payment.
   */
  sandbox: boolean;
  /** Each gateway is configured only when all its merchant keys are set; otherwise the sandbox stands in. */
  kbzpay?: {
    baseUrl: string;
    appId: string;
    merchCode: string;
    appKey: string;
    tradeType: 'PWAAPP' | 'PAY_BY_QRCODE';
    pwaUrl: string;
  };
  wavepay?: { baseUrl: string; merchantId: string; secretKey: string; merchantName: string };
  ayapay?: { baseUrl: string; appKey: string; appSecret: string; channel: string; method: string };
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
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    allowedHosts: e.ALLOWED_HOSTS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlDefaulted: e.PUBLIC_URL === undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3,
    appSecret: e.APP_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    // Demo people share a published password: only on the embedded database in development, or when asked.
    seedDemo:
      e.SEED_DEMO === undefined
        ? !e.DATABASE_URL && e.NODE_ENV === 'development'
        : ['1', 'true', 'yes'].includes(e.SEED_DEMO.toLowerCase()),
    jobs: e.JOBS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    outboxRetrySeconds: e.OUTBOX_RETRY_SECONDS,
    workerHealthPort: e.WORKER_HEALTH_PORT,
    jobStallSeconds: e.JOB_STALL_SECONDS,
    faultExitAfterCommit: e.NODE_ENV === 'production' ? undefined : e.FAULT_EXIT_AFTER_COMMIT,
    faultHoldJob: e.NODE_ENV === 'production' ? undefined : e.FAULT_HOLD_JOB,
    openRegistration: e.OPEN_REGISTRATION,
    accountApproval: e.ACCOUNT_APPROVAL ?? (e.DATABASE_URL ? 'manual' : 'auto'),
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL}`,
      allowedOrigins: e.PUSH_ALLOWED_ORIGINS
        ? e.PUSH_ALLOWED_ORIGINS.split(',')
            .map((o) => o.trim().replace(/\/+$/, ''))
            .filter(Boolean)
        : DEFAULT_PUSH_ORIGINS,
    },
    oauth: oauthConfig(e as unknown as Record<string, string | undefined>),
    media: {
      maxImageBytes: Math.round(e.MEDIA_MAX_IMAGE_MB * 1024 * 1024),
      maxAudioBytes: Math.round(e.MEDIA_MAX_AUDIO_MB * 1024 * 1024),
      maxVideoBytes: Math.round(e.MEDIA_MAX_VIDEO_MB * 1024 * 1024),
      ffmpeg: e.FFMPEG_PATH,
      ffprobe: e.FFPROBE_PATH,
      transcodeTimeoutSeconds: e.TRANSCODE_TIMEOUT_SECONDS,
    },
    payments: {
      timeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      earningsHoldDays: e.EARNINGS_HOLD_DAYS,
      sandbox: e.NODE_ENV !== 'production',
      kbzpay:
        e.KBZPAY_BASE_URL && e.KBZPAY_APP_ID && e.KBZPAY_MERCH_CODE && e.KBZPAY_APP_KEY
          ? {
              baseUrl: e.KBZPAY_BASE_URL.replace(/\/+$/, ''),
              appId: e.KBZPAY_APP_ID,
              merchCode: e.KBZPAY_MERCH_CODE,
              appKey: e.KBZPAY_APP_KEY,
              tradeType: e.KBZPAY_TRADE_TYPE,
              pwaUrl: e.KBZPAY_PWA_URL ?? 'https://static.kbzpay.com/pgw/pwa/#/',
            }
          : undefined,
      wavepay:
        e.WAVEPAY_BASE_URL && e.WAVEPAY_MERCHANT_ID && e.WAVEPAY_SECRET_KEY
          ? {
              baseUrl: e.WAVEPAY_BASE_URL.replace(/\/+$/, ''),
              merchantId: e.WAVEPAY_MERCHANT_ID,
              secretKey: e.WAVEPAY_SECRET_KEY,
              merchantName: e.WAVEPAY_MERCHANT_NAME,
            }
          : undefined,
      ayapay:
        e.AYAPAY_BASE_URL && e.AYAPAY_APP_KEY && e.AYAPAY_APP_SECRET
          ? {
              baseUrl: e.AYAPAY_BASE_URL.replace(/\/+$/, ''),
              appKey: e.AYAPAY_APP_KEY,
              appSecret: e.AYAPAY_APP_SECRET,
              channel: e.AYAPAY_CHANNEL,
              method: e.AYAPAY_METHOD,
            }
          : undefined,
    },
  };
  if (Boolean(config.push.vapidPublicKey) !== Boolean(config.push.vapidPrivateKey))
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  if (config.isProduction) assertProductionSafe(config);
  return config;
}

/**
 * TRUST_PROXY says which X-Forwarded-For entries are real, so `request.ip` (rate limits, logs) is the
 * client behind the proxies. Either the proxies' addresses and ranges (`127.0.0.1`, `10.0.0.0/8`, or
 * proxy-addr's names `loopback`, `uniquelocal`): the client is the right-most address that no listed proxy
 * sent — the safe choice, as only a listed peer's header is believed. Or a hop count (`1`: one reverse
 * proxy in front): the client is the address that many hops from the right; this believes whoever connects,
 * so it suits a server that only its proxies can reach.
 *
 * Fastify's own `true` trusts every hop, i.e. takes the left-most address, which the client writes itself
 * and so escapes every per-address limit; `true` here means 1 hop, the usual single proxy (a longer chain
 * must be counted or listed). `false`, `0` or unset ignore the header.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim().toLowerCase();
  if (!v || ['false', 'no', 'off', '0'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return value!
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');
}

/**
 * The Fastify `trustProxy` option for a parsed TRUST_PROXY. Fastify 5 ignores a plain hop count (it cannot
 * check the peer), so a count becomes a function that trusts exactly that many hops from the socket.
 */
export function trustProxyOption(
  trust: false | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
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
    /** The realtime Redis key a second server process of a test shares with the first (test/serve-peer.ts). */
    realtimeKey: process.env.REALTIME_KEY || undefined,
  };
}

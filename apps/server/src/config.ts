import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppServerSchema } from '@hiwar/domain';
import { FAWRY_SANDBOX_MERCHANT_CODE } from '@hiwar/fawry/sandbox';
import { z } from 'zod';

/** Repository root: config defaults (data dir, built SPAs) are resolved from here, not from the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const SERVER_ROLES = ['api', 'realtime', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const port = z.coerce.number().int().min(0).max(65_535);
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalUrl = z.url().optional();
const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/**
 * Every environment variable the server reads, with its default. Parsed once at boot
 * (`loadConfig`); a bad value stops the process and every problem is listed at once.
 */
const EnvSchema = z.object({
  APP_SERVER: AppServerSchema,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4000),
  ADMIN_PORT: port.default(4001),
  LANDING_PORT: port.default(4002),
  ROLES: csv.pipe(z.array(z.enum(SERVER_ROLES)).min(1)).default([...SERVER_ROLES]),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: optionalUrl,
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PUBLIC_WEB_URL: optionalUrl,
  PUBLIC_ADMIN_URL: optionalUrl,
  PUBLIC_LANDING_URL: optionalUrl,
  CORS_ORIGINS: csv.optional(),
  SERVE_STATIC: booleanFlag.optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_ID: z.string().min(1).optional(),
  WHATSAPP_TEMPLATE: z.string().min(1).optional(),
  WHATSAPP_NOTIFICATION_TEMPLATE: z.string().min(1).optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  /** The bot's @username without the @: the web links users to https://t.me/<it>. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'a Telegram bot username (letters, digits, _)')
    .optional(),
  /** The Bot API's address (a proxy); Telegram's own by default. */
  TELEGRAM_API_BASE: z.url().optional(),
  /** Telegram's `secret_token` of the webhook (setWebhook): updates without it are refused. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, '16–256 letters, digits, _ or -')
    .optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Without S3: `DATA_DIR/files` is one disk every instance mounts (NFS…), so several may run. */
  FILES_SHARED_DISK: booleanFlag.default(false),
  FAWRY_BASE_URL: optionalUrl,
  FAWRY_MERCHANT_CODE: z.string().trim().min(1).optional(),
  FAWRY_SECURE_KEY: z.string().trim().min(8).optional(),
  FAWRY_SANDBOX_CONTROL_TOKEN: z.string().trim().min(16).optional(),
  DEV_CLOCK: booleanFlag.default(false),
  STUN_URLS: csv.optional(),
  TURN_URLS: csv.optional(),
  TURN_SECRET: z.string().min(16).optional(),
  /** After SIGTERM: how long readiness answers 503 while requests are still served, before closing. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
});

export type AppConfig = {
  appServer: z.infer<typeof AppServerSchema>;
  host: string;
  port: number;
  adminPort: number;
  landingPort: number;
  roles: ServerRole[];
  /** Absent: main starts embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string;
  logLevel: string;
  publicUrls: { web: string; admin: string; landing: string };
  corsOrigins: string[];
  serveStatic: boolean;
  seedDemo: boolean;
  trustProxy: boolean;
  version: string;
  /** Absent: e-mails go to the outbox table (shown at /dev/outbox in local mode). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absent: Google sign-in answers `service-unavailable` and the web app hides the button. */
  googleClientId: string | undefined;
  /** WhatsApp Cloud API; absent: WhatsApp messages go to the outbox. */
  whatsapp:
    | {
        token: string;
        phoneId: string;
        template: string | undefined;
        notificationTemplate: string | undefined;
      }
    | undefined;
  /** Telegram Bot API; absent: Telegram messages go to the outbox. */
  telegram: { botToken: string; botUsername: string; webhookSecret: string; apiBase: string } | undefined;
  /** S3-compatible object storage; absent: files live under `dataDir/files`. */
  s3: S3Config | undefined;
  /**
   * Fawry. `baseUrl` null: the sandbox emulator is mounted in this process (local and staging without
   * FAWRY_BASE_URL). The whole value is undefined in production without FAWRY_*: payments then answer
   * `service-unavailable`.
   */
  fawry: FawryConfig | undefined;
  /**
   * Local mode only: `/dev/clock` moves the app's clock (browser journeys that need time to pass).
   * Off unless DEV_CLOCK is set; refused outside APP_SERVER=local.
   */
  devClock: boolean;
  /**
   * ICE servers for the video room: STUN URLs, and coturn TURN URLs with the shared REST secret that
   * signs short-lived credentials. STUN defaults to public servers outside local mode (peers behind NAT
   * need their public address); local mode stays offline with host candidates only.
   */
  ice: { stunUrls: string[]; turn: { urls: string[]; secret: string } | undefined };
  /**
   * On SIGTERM, readiness turns 503 at once and the server closes this many milliseconds later, so a
   * load balancer stops sending traffic first (issue 17). 0 locally, 5 s elsewhere by default.
   */
  shutdownDrainMs: number;
};

/** Public STUN servers used when STUN_URLS is unset outside local mode. */
export const DEFAULT_STUN_URLS = ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'];

export type FawryConfig = {
  baseUrl: string | null;
  merchantCode: string;
  secureKey: string;
  /** Bearer token the sandbox's control API requires; null leaves it open (local mode only). */
  sandboxControlToken: string | null;
};

export type S3Config = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** The message the spec (§5) requires when the environment name is missing or wrong. */
export const INVALID_SERVER_MESSAGE = 'Missing or invalid server';

/**
 * The boot's refusal of several instances (REDIS_URL, outside local mode) that would each keep uploads
 * on their own disk, where the others answer 404 (issue 17).
 */
export const UNSHARED_FILES_MESSAGE =
  'REDIS_URL is set, so several instances share this deployment, but uploads would stay on this ' +
  "instance's disk (DATA_DIR/files): set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and " +
  'S3_SECRET_ACCESS_KEY, or FILES_SHARED_DISK=true when every instance mounts the same DATA_DIR.';

/**
 * Parses the environment into an `AppConfig`, or throws `ConfigError` listing every bad variable.
 * Local mode may invent what it lacks (a JWT secret persisted under the data dir); staging and
 * production must be told everything secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      return key === 'APP_SERVER' ? INVALID_SERVER_MESSAGE : `Invalid ${key}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const isLocal = e.APP_SERVER === 'local';
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  if (!isLocal && !e.JWT_SECRET) {
    throw new ConfigError(['Invalid JWT_SECRET: required (at least 32 characters) outside local mode']);
  }
  if (!isLocal && !e.DATABASE_URL) {
    throw new ConfigError(['Invalid DATABASE_URL: required outside local mode']);
  }
  if (!isLocal && e.DEV_CLOCK) {
    throw new ConfigError(['Invalid DEV_CLOCK: only allowed with APP_SERVER=local']);
  }
  const groupProblems = [
    incompleteGroup({ WHATSAPP_TOKEN: e.WHATSAPP_TOKEN, WHATSAPP_PHONE_ID: e.WHATSAPP_PHONE_ID }),
    incompleteGroup({ TURN_URLS: e.TURN_URLS?.join(',') || undefined, TURN_SECRET: e.TURN_SECRET }),
    incompleteGroup({
      TELEGRAM_BOT_TOKEN: e.TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: e.TELEGRAM_BOT_USERNAME,
      TELEGRAM_WEBHOOK_SECRET: e.TELEGRAM_WEBHOOK_SECRET,
    }),
    // A real Fawry account needs its credentials; without FAWRY_BASE_URL they only rename the sandbox's.
    e.FAWRY_BASE_URL
      ? incompleteGroup({
          FAWRY_BASE_URL: e.FAWRY_BASE_URL,
          FAWRY_MERCHANT_CODE: e.FAWRY_MERCHANT_CODE,
          FAWRY_SECURE_KEY: e.FAWRY_SECURE_KEY,
        })
      : [],
    incompleteGroup({
      S3_ENDPOINT: e.S3_ENDPOINT,
      S3_BUCKET: e.S3_BUCKET,
      S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
    }),
  ].flat();
  if (groupProblems.length > 0) {
    throw new ConfigError(groupProblems);
  }
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  // Redis is only ever there to join instances; local mode runs on one machine, whose disk they share.
  if (!isLocal && e.REDIS_URL && !s3 && !e.FILES_SHARED_DISK) {
    throw new ConfigError([UNSHARED_FILES_MESSAGE]);
  }
  const publicUrls = {
    web: e.PUBLIC_WEB_URL ?? `http://localhost:${e.PORT}`,
    admin: e.PUBLIC_ADMIN_URL ?? `http://localhost:${e.ADMIN_PORT}`,
    landing: e.PUBLIC_LANDING_URL ?? `http://localhost:${e.LANDING_PORT}`,
  };
  return {
    appServer: e.APP_SERVER,
    host: e.HOST,
    port: e.PORT,
    adminPort: e.ADMIN_PORT,
    landingPort: e.LANDING_PORT,
    roles: e.ROLES,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    // Local runs print a banner, not request logs; deployed ones log every request.
    logLevel: e.LOG_LEVEL ?? (isLocal ? 'warn' : 'info'),
    publicUrls,
    corsOrigins:
      e.CORS_ORIGINS ?? defaultCorsOrigins([publicUrls.web, publicUrls.admin, publicUrls.landing], isLocal),
    serveStatic: e.SERVE_STATIC ?? true,
    seedDemo: e.SEED_DEMO ?? isLocal,
    trustProxy: e.TRUST_PROXY,
    version: readVersion(),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'حوار <no-reply@hiwar.local>',
    googleClientId: e.GOOGLE_CLIENT_ID,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_ID
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneId: e.WHATSAPP_PHONE_ID,
            template: e.WHATSAPP_TEMPLATE,
            notificationTemplate: e.WHATSAPP_NOTIFICATION_TEMPLATE,
          }
        : undefined,
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_USERNAME && e.TELEGRAM_WEBHOOK_SECRET
        ? {
            botToken: e.TELEGRAM_BOT_TOKEN,
            botUsername: e.TELEGRAM_BOT_USERNAME,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            apiBase: (e.TELEGRAM_API_BASE ?? 'https://api.telegram.org').replace(/\/$/, ''),
          }
        : undefined,
    s3,
    fawry: fawryConfig(e),
    devClock: e.DEV_CLOCK,
    ice: {
      stunUrls: e.STUN_URLS ?? (isLocal ? [] : DEFAULT_STUN_URLS),
      turn: e.TURN_URLS?.length && e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : undefined,
    },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (isLocal ? 0 : 5_000),
  };
}

/**
 * Real Fawry when FAWRY_BASE_URL is set (with its merchant code and secure key); otherwise, outside
 * production, the in-process sandbox with a sandbox merchant code and a secure key made up at boot
 * (the sandbox moves no money, and both ends of it live in this process).
 */
function fawryConfig(e: z.infer<typeof EnvSchema>): FawryConfig | undefined {
  if (e.FAWRY_BASE_URL && e.FAWRY_MERCHANT_CODE && e.FAWRY_SECURE_KEY) {
    return {
      baseUrl: e.FAWRY_BASE_URL.replace(/\/$/, ''),
      merchantCode: e.FAWRY_MERCHANT_CODE,
      secureKey: e.FAWRY_SECURE_KEY,
      sandboxControlToken: null,
    };
  }
  if (e.APP_SERVER === 'production') {
    return undefined;
  }
  return {
    baseUrl: null,
    merchantCode: e.FAWRY_MERCHANT_CODE ?? FAWRY_SANDBOX_MERCHANT_CODE,
    secureKey: e.FAWRY_SECURE_KEY ?? randomBytes(24).toString('hex'),
    // Staging is reachable by anyone: its control API (mark orders paid…) is locked unless a token is set.
    sandboxControlToken:
      e.FAWRY_SANDBOX_CONTROL_TOKEN ?? (e.APP_SERVER === 'staging' ? randomBytes(24).toString('hex') : null),
  };
}

/** Variables that only work together: all set or none. */
function incompleteGroup(group: Record<string, string | undefined>): string[] {
  const missing = Object.entries(group).filter(([, value]) => !value);
  if (missing.length === 0 || missing.length === Object.keys(group).length) {
    return [];
  }
  const together = Object.keys(group).join(', ');
  return missing.map(([key]) => `Invalid ${key}: required together with ${together}`);
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The three public origins. In local mode each also with its loopback twin (`localhost` ↔ `127.0.0.1`,
 * same port): people open either, and the browser treats them as different origins.
 */
function defaultCorsOrigins(urls: string[], isLocal: boolean): string[] {
  const origins = urls.map(originOf);
  return isLocal ? [...new Set(origins.flatMap(withLoopbackTwin))] : origins;
}

function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!twin) {
    return [origin];
  }
  url.hostname = twin;
  return [origin, url.origin];
}

/** A random secret kept beside the local database, so tokens survive restarts without living in git. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

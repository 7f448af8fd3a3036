import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_JOB_BID_CAP } from '#shared/bid-rules.js';

export type Config = {
  env: 'development' | 'production' | 'test';
  /** Serve the client through Vite's dev middleware: only `npm run dev` sets DEV_SERVER=1. */
  devServer: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** A streaming replica for reads that tolerate lag (docs/decisions/039); null: every read on the primary. */
  databaseReadUrl: string | null;
  /** Connections per app instance to the PostgreSQL server. */
  databasePoolSize: number;
  sessionSecret: string;
  /** Secrets that signed session cookies before SESSION_SECRET replaced them: still accepted, never used to sign. */
  previousSessionSecrets: string[];
  seedDemo: boolean | null; // null: decided at start (embedded mode on an empty database)
  freeCreditsOnUpgrade: number;
  /** An open job with no hire is cancelled, with refunds, this many days after posting (docs/contract.md §4.8). */
  jobExpiryDays: number;
  /**
   * At most this many bids per job, all tiers, with BID_SEATS for Block and Bust; null (JOB_BID_CAP=0): no cap
   * and no seat limits. A job keeps the cap in force when it was posted (docs/contract.md §3.9).
   */
  jobBidCap: number | null;
  /** A pending bid its job's owner has not viewed this many hours after it was placed gets its credits back (§3.9). */
  bidUnviewedRefundHours: number;
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    host: string | null;
    port: number | null;
    protocol: 'http' | 'https' | null;
  };
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; providerName: string } | null;
  adminEmails: string[];
  publicUrl: string | null;
  mail: {
    /** smtp:// or smtps:// URL of the mail server; null writes .eml files under DATA_DIR/mail (docs/contract.md §2). */
    smtpUrl: string | null;
    from: string;
    /** A message still unread this long after it was sent is emailed to its recipient (§3.7). */
    messageEmailDelaySeconds: number;
  };
  /** Web Push (docs/contract.md §3.10). */
  push: {
    /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); null: the pair generated once and kept in the database. */
    vapid: { publicKey: string; privateKey: string } | null;
    /** VAPID_SUBJECT: `mailto:` + the address of MAIL_FROM unless set. */
    subject: string;
    /** PUSH_SERVICE_ORIGINS: https: origins the server may send pushes to besides the browsers' own services. */
    serviceOrigins: string[];
  };
  /**
   * Proxies in front whose X-Forwarded-For is believed (docs/contract.md §2): false (none), true (every hop), a
   * number of hops (the app must then be reachable only through them) or a list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** With S3_BUCKET set, uploads live in that bucket of an S3-compatible store (docs/contract.md §1, §2); null: DATA_DIR/uploads. */
  s3: S3Config | null;
  logLevel: string;
  rootDir: string;
  /** The built React app (dist/client unless CLIENT_DIR says otherwise). */
  clientDir: string;
};

export type S3Config = {
  bucket: string;
  /** A non-AWS store (MinIO, R2, a local test server); null means AWS S3 of `region`. */
  endpoint: string | null;
  region: string;
  /** Both null: the SDK's own credential chain (instance role, AWS_* variables, profile). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {}

/** The repository root: the nearest folder above this file holding package.json (src/ and dist/ alike). */
export function findRootDir(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new ConfigError('package.json not found above ' + from);
    dir = parent;
  }
  return dir;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** A positive number of hours, fractions allowed (`0.001`: a few seconds, for tests). */
function hours(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0 || Number(raw) > 100_000) {
    throw new ConfigError(`${name} must be a number of hours above 0 (fractions allowed, like 0.001), got "${raw}"`);
  }
  return Number(raw);
}

function bool(env: Env, name: string): boolean | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error();
    return raw;
  } catch {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL, got "${raw}"`);
  }
}

function trustProxy(env: Env): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (/^\d+$/.test(raw)) return int(env, 'TRUST_PROXY', 0, 0, 10);
  // Addresses or CIDR ranges of the proxies, comma-separated.
  if (/^[\d.:a-f/, ]+$/i.test(raw) && /[.:]/.test(raw)) return raw;
  return bool(env, 'TRUST_PROXY') ?? false;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

function s3(env: Env): S3Config | null {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) {
    const stray = S3_VARIABLES.find((name) => env[name]);
    if (stray) throw new ConfigError(`S3_BUCKET must be set when ${stray} is set`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (lowercase letters, digits, dots, dashes), got "${bucket}"`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name like us-east-1, got "${region}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE') ?? false,
  };
}

/** A base64url value that decodes to `bytes` bytes (a VAPID key), else null. */
function base64urlOfLength(raw: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(raw) && Buffer.from(raw, 'base64url').length === bytes;
}

function push(env: Env, mailFrom: string): Config['push'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (!publicKey !== !privateKey) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (publicKey && !base64urlOfLength(publicKey, 65)) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes uncompressed)');
  }
  if (privateKey && !base64urlOfLength(privateKey, 32)) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  }
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${address}`;
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${subject}"`);
  }
  const serviceOrigins = (env.PUSH_SERVICE_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let parsed: URL | null = null;
      try {
        parsed = new URL(entry);
      } catch {
        // reported below
      }
      if (
        !parsed ||
        parsed.protocol !== 'https:' ||
        parsed.username ||
        parsed.password ||
        parsed.pathname !== '/' ||
        parsed.search ||
        parsed.hash
      ) {
        throw new ConfigError(`PUSH_SERVICE_ORIGINS must list https: origins (https://host[:port]), got "${entry}"`);
      }
      return parsed.origin;
    });
  return { vapid: publicKey ? { publicKey, privateKey } : null, subject, serviceOrigins };
}

function generatedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What a start should warn about without refusing to run (main.ts logs each as one line): production mail
 * with no PUBLIC_URL links every email to http://localhost:PORT (mail/link-origin.ts, docs/decisions/032).
 */
export function configWarnings(config: Config): string[] {
  if (config.env === 'production' && config.mail.smtpUrl && !config.publicUrl) {
    return [
      `PUBLIC_URL is not set: links in emails point at http://localhost:${config.port}; set PUBLIC_URL to the app's public origin`,
    ];
  }
  return [];
}

/** process.env → typed config. The only reader of the environment; bad values fail here, naming the variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const rootDir = findRootDir();
  // `npm start` is production whatever NODE_ENV says or omits (docs/contract.md §6).
  const nodeEnv = env.NODE_ENV === 'development' ? 'development' : env.NODE_ENV === 'test' ? 'test' : 'production';
  const dataDir = resolve(rootDir, env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseReadUrl = url(env, 'DATABASE_READ_URL', ['postgres:', 'postgresql:']);
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: a replica serves reads beside a PostgreSQL primary');
  }

  let sessionSecret = env.SESSION_SECRET || '';
  if (sessionSecret && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters');
  }
  if (!sessionSecret) {
    if (databaseUrl && nodeEnv === 'production') {
      throw new ConfigError('SESSION_SECRET is required when DATABASE_URL is set in production');
    }
    sessionSecret = generatedSecret(dataDir);
  }
  const previousSessionSecrets = (env.SESSION_SECRET_PREVIOUS || '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (previousSessionSecrets.some((secret) => secret.length < 32)) {
    throw new ConfigError('SESSION_SECRET_PREVIOUS must hold secrets of at least 32 characters, separated by commas');
  }

  const stripeProtocol = env.STRIPE_API_PROTOCOL || null;
  if (stripeProtocol !== null && stripeProtocol !== 'http' && stripeProtocol !== 'https') {
    throw new ConfigError(`STRIPE_API_PROTOCOL must be http or https, got "${stripeProtocol}"`);
  }

  const oidcIssuer = url(env, 'OIDC_ISSUER_URL', ['http:', 'https:']);
  const oidcParts = [oidcIssuer, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError('OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }

  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM || `TradesBid <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`;
  if (!/^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address like "TradesBid <no-reply@example.com>", got "${mailFrom}"`);
  }

  return {
    env: nodeEnv,
    devServer: bool(env, 'DEV_SERVER') ?? false,
    port: int(env, 'PORT', 5000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseReadUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 500),
    sessionSecret,
    previousSessionSecrets,
    seedDemo: bool(env, 'SEED_DEMO'),
    freeCreditsOnUpgrade: int(env, 'FREE_CREDITS_ON_UPGRADE', 2, 0, 1000),
    jobExpiryDays: int(env, 'JOB_EXPIRY_DAYS', 30, 1, 3650),
    jobBidCap: int(env, 'JOB_BID_CAP', DEFAULT_JOB_BID_CAP, 0, 1000) || null,
    bidUnviewedRefundHours: hours(env, 'BID_UNVIEWED_REFUND_HOURS', 72),
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
      host: env.STRIPE_API_HOST || null,
      port: env.STRIPE_API_PORT ? int(env, 'STRIPE_API_PORT', 443, 1, 65535) : null,
      protocol: stripeProtocol,
    },
    oidc: oidcIssuer
      ? {
          issuerUrl: oidcIssuer,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          providerName: env.OIDC_PROVIDER_NAME?.trim() || 'single sign-on',
        }
      : null,
    adminEmails: (env.ADMIN_EMAILS || '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: publicUrl ? new URL(publicUrl).origin : null,
    mail: {
      smtpUrl,
      from: mailFrom,
      messageEmailDelaySeconds: int(env, 'MESSAGE_EMAIL_DELAY_SECONDS', 300, 0, 7 * 24 * 3600),
    },
    push: push(env, mailFrom),
    trustProxy: trustProxy(env),
    s3: s3(env),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    rootDir,
    clientDir: resolve(rootDir, env.CLIENT_DIR || 'dist/client'),
    ...overrides,
  };
}

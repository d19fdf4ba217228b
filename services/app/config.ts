/** Settings from the environment (all documented in the README), with the embedded defaults. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { s3ConfigFromEnv } from '../integrations/storage/config';
import type { S3StorageConfig } from '../integrations/storage/s3';
import { videoConfigFromEnv, type VideoConfig } from '../integrations/video/config';
import { parseDevSurfaces, surfacesOf, type DevSurface, type Surfaces } from './surfaces';
import { DEFAULT_ERASURE_GRACE_DAYS, MAX_ERASURE_GRACE_DAYS } from '../domain/erasure/erasure';
import type { PasswordHashCost } from '../security/passwords';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** CORS_ORIGINS: origins besides PUBLIC_URL's that browsers may call the API from with credentials. */
  corsOrigins: string[];
  dataDir: string;
  databaseUrl: string | null;
  /** KURRENTDB_URL: keep the events in KurrentDB (25.1+) instead of PostgreSQL; read models stay in PostgreSQL. */
  kurrentdbUrl: string | null;
  embeddedPgPort: number;
  authSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  production: boolean;
  logLevel: string;
  rateLimits: boolean;
  /** Express's `trust proxy`: false (default), a hop count, or the proxies' addresses/subnets (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  seedDemo: boolean;
  /** Run the projectors in this process (off when a separate projector worker does). */
  runProjections: boolean;
  /** Stripe (payments): with a secret key, cards are charged through Stripe instead of the local gateway. */
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  stripeWebhookSecret: string | null;
  /** Bearer token /metrics asks for (METRICS_TOKEN); null: open (keep it off the public network). */
  metricsToken: string | null;
  /** Files (headshots, recordings): an S3-compatible store when STORAGE_S3_BUCKET is set, else $DATA_DIR/storage. */
  storageS3: S3StorageConfig | null;
  /** The video provider new conversations use: local (WebRTC, the embedded default), zoom or twilio. */
  videoProvider: 'local' | 'zoom' | 'twilio';
  /** Video vendor keys (Zoom, Twilio); local needs none. README, Video. */
  video: VideoConfig;
  /** The local provider's STUN/TURN servers, a JSON array of RTCIceServer (WEBRTC_ICE_SERVERS). */
  webrtcIceServers: string;
  /** Seconds in a conversation's minute: 60, shortened only outside production (tests). */
  conversationSecondsPerMinute: number;
  /** argon2id's cost for passwords: OWASP's baseline, the cheapest only under NODE_ENV=test (services/security/passwords.ts). */
  passwordHashCost: PasswordHashCost;
  /** Days between an erasure's request and the destruction of the person's keys (ERASURE_GRACE_DAYS, 0 to 365). */
  erasureGraceDays: number;
  /** DEV_SURFACES: the development-only surfaces a production start keeps on (./surfaces.ts). */
  devSurfaces: Set<DevSurface>;
  /** What is on: development-only surfaces, decided once from the rest (./surfaces.ts). */
  surfaces: Surfaces;
  /**
   * Tests only, never from the environment (set through startTestApp's overrides): back-office
   * rebuilds read the log in small batches, each late, so a browser test sees one part-way.
   */
  readModelRebuildTestPace: { eventsPerBatch: number; delayMs: number; gate?: Promise<void> } | null;
}

/**
 * CORS_ORIGINS: a comma-separated list of origins (scheme://host[:port]). Each must be an origin
 * exactly, never a pattern, `*` or `null`: the API answers credentialed requests from these only.
 */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const text of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      // refused below
    }
    if (!url || text.includes('*') || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) {
      throw new Error(`CORS_ORIGINS: '${text}' is not an origin (scheme://host[:port], no path, no wildcard).`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/** A secret made once per data directory, so tokens survive restarts of the embedded product. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: unset or 'off' trusts no proxy (the socket's address is the client's); a number trusts
 * that many hops in front of the server; otherwise a comma-separated list of addresses, subnets or
 * express's names (loopback, linklocal, uniquelocal). 'true' (trust anyone) is refused: it would let
 * every client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (!text || text === 'off' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true')
    throw new Error("TRUST_PROXY=true would trust any client's X-Forwarded-For: give a hop count or the proxies' addresses.");
  return text;
}

export function parseVideoProvider(value: string | undefined): Config['videoProvider'] {
  const provider = (value ?? 'local').trim() || 'local';
  if (provider !== 'local' && provider !== 'zoom' && provider !== 'twilio')
    throw new Error(`VIDEO_PROVIDER must be local, zoom or twilio, not '${provider}'.`);
  return provider;
}

/** WEBRTC_ICE_SERVERS: a JSON array of RTCIceServer objects, each with `urls`. */
export function parseIceServers(value: string | undefined): string {
  if (!value?.trim()) return '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('WEBRTC_ICE_SERVERS must be a JSON array of RTCIceServer objects, e.g. [{"urls":"stun:stun.example.com:3478"}].');
  }
  if (!Array.isArray(parsed) || !parsed.every((s) => s && typeof s === 'object' && 'urls' in s)) {
    throw new Error('WEBRTC_ICE_SERVERS must be a JSON array of objects with "urls".');
  }
  return JSON.stringify(parsed);
}

/** CONVERSATION_SECONDS_PER_MINUTE: tests shorten conversations; production refuses anything but 60. */
export function parseSecondsPerMinute(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '') return 60;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 60) throw new Error('CONVERSATION_SECONDS_PER_MINUTE must be a whole number from 1 to 60.');
  if (production && n !== 60)
    throw new Error('CONVERSATION_SECONDS_PER_MINUTE is for tests only: conversations keep real time in production.');
  return n;
}

export function parseErasureGraceDays(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_ERASURE_GRACE_DAYS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_ERASURE_GRACE_DAYS)
    throw new Error(`ERASURE_GRACE_DAYS must be a whole number of days from 0 to ${MAX_ERASURE_GRACE_DAYS}.`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(overrides.port ?? env.PORT ?? 3000);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? '.data');
  const production = env.NODE_ENV === 'production';
  const config: Omit<Config, 'surfaces'> & { surfaces?: Surfaces } = {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    kurrentdbUrl: env.KURRENTDB_URL || null,
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    authSecret: env.AUTH_SECRET ?? persistentSecret(dataDir),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Tertulia <no-reply@tertulia.local>',
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    rateLimits: env.RATE_LIMITS !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== 'off',
    runProjections: env.RUN_PROJECTIONS !== 'off',
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    metricsToken: env.METRICS_TOKEN || null,
    storageS3: s3ConfigFromEnv(env),
    videoProvider: parseVideoProvider(env.VIDEO_PROVIDER),
    video: videoConfigFromEnv(env),
    webrtcIceServers: parseIceServers(env.WEBRTC_ICE_SERVERS),
    conversationSecondsPerMinute: parseSecondsPerMinute(env.CONVERSATION_SECONDS_PER_MINUTE, production),
    passwordHashCost: env.NODE_ENV === 'test' ? 'test' : 'owasp',
    erasureGraceDays: parseErasureGraceDays(env.ERASURE_GRACE_DAYS),
    devSurfaces: parseDevSurfaces(env.DEV_SURFACES),
    readModelRebuildTestPace: null,
    ...overrides,
  };
  return { ...config, surfaces: overrides.surfaces ?? surfacesOf(config) };
}

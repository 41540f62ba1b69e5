import crypto from 'node:crypto';
import { z } from 'zod';
import { FACEBOOK_AUTH_URL, FACEBOOK_GRAPH_URL } from '#contract/facebook';

/* Environment, parsed once at start-up: a bad value stops the process with a clear message
   (CONVENTIONS "Sessions, security"). Every variable has a default so `npm start` works on a
   fresh machine. */

const DEV_SESSION_SECRET = 'fieldhouse-dev-secret-change-me';

const url = z
  .string()
  .url()
  .transform((u) => u.replace(/\/+$/, ''));

/** Express `trust proxy`: false (default), true, a hop count, or a list of subnets. */
const trustProxy = z
  .string()
  .optional()
  .transform((v): boolean | number | string => {
    if (v === undefined || v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Comma-separated; the first signs, the rest still verify (rotation). */
    SESSION_SECRET: z.string().optional(),
    /** Secure cookies. Default: on when PUBLIC_URL is https:// (a production site), off for
     *  `npm start` on http://localhost. */
    COOKIE_SECURE: z.enum(['true', 'false', '1', '0', '']).optional(),
    /** Unset: the reference channel API runs inside the web server (server.ts sets it). */
    CHANNEL_API_URL: url.optional(),
    CHANNEL_SLUG: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'CHANNEL_SLUG: lowercase letters, digits and dashes')
      .default('demo'),
    CHANNEL_CONFIG_URL: url.optional(),
    TRUST_PROXY: trustProxy,
    /** The header a proxy TRUST_PROXY names tells the visitor's country in (ADR 054); read from
     *  that proxy only. Cloudflare's by default; CloudFront's is CloudFront-Viewer-Country. */
    REGION_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'REGION_HEADER: a header name')
      .default('CF-IPCountry')
      .transform((name) => name.toLowerCase()),
    SENTRY_DSN: z
      .union([z.string().url(), z.literal('')])
      .optional()
      .transform((v) => v || undefined),
    /** '1': /monitoring-check answers (README "Error monitoring"): an error on purpose, to see that
     *  SENTRY_DSN works after a deploy. Off (a 404) otherwise. */
    MONITORING_CHECK: z
      .enum(['1', '0', 'true', 'false', ''])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    BOOTSTRAP_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
    /** Viewer-independent content (home rails, lists, pages) shared by all visitors this long. */
    CONTENT_TTL_SECONDS: z.coerce.number().int().min(0).default(10),
    /** Memory for anonymous pages kept by the server (server/microcache.ts) for CONTENT_TTL_SECONDS; 0 turns it off. */
    MICROCACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    /** The web server's analytics (page views, viewing time, the player's reports: ADR 049); `off` records nothing. */
    ANALYTICS: z.enum(['on', 'off']).default('on'),
    /** Requests per minute per client IP for pages (loopback is exempt). */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Sign-in style POSTs (login, registration, password reset, verification) per minute per IP. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** This site's public origin, for links in mail (embedded channel API) and OIDC redirects.
     *  Default: http://localhost:PORT. */
    PUBLIC_URL: url.optional(),
    /** Social sign-in: a provider shows only when its client id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: url.default('https://accounts.google.com'),
    /** Facebook's app id and secret; its login dialog's and Graph API's base addresses (ADR 056). */
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_AUTH_URL: url.default(FACEBOOK_AUTH_URL),
    FACEBOOK_GRAPH_URL: url.default(FACEBOOK_GRAPH_URL),
    /** reCAPTCHA v2 site key: shown on public auth forms when set (the channel API holds the secret). */
    RECAPTCHA_SITE_KEY: z.string().optional(),
  })
  .transform((e) => {
    const secrets = (e.SESSION_SECRET ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return {
      ...e,
      SESSION_SECRET: secrets,
      PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      COOKIE_SECURE: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' || e.COOKIE_SECURE === '1' : Boolean(e.PUBLIC_URL?.startsWith('https://')),
      CHANNEL_CONFIG_URL: e.CHANNEL_CONFIG_URL ?? (e.CHANNEL_API_URL ? `${e.CHANNEL_API_URL}/channels/${e.CHANNEL_SLUG}.json` : undefined),
    };
  });

export type Env = z.output<typeof schema>;

/** Parse an environment; throws an Error listing every bad variable. Exported for tests. */
export function parseEnv(source: Record<string, string | undefined>, warn: (msg: string) => void = console.warn): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.SESSION_SECRET.length === 0) {
    if (env.NODE_ENV === 'production') {
      // A fresh machine must start with no configuration; sessions then last one process only.
      env.SESSION_SECRET = [crypto.randomBytes(32).toString('base64url')];
      warn('SESSION_SECRET is not set: using a random secret for this process (sessions end on restart). Set SESSION_SECRET in production.');
    } else {
      env.SESSION_SECRET = [DEV_SESSION_SECRET];
      if (env.NODE_ENV === 'development') warn('SESSION_SECRET is not set: using the development default.');
    }
  }
  return env;
}

function loadEnv(): Env {
  try {
    const env = parseEnv(process.env);
    // Keep one secret per process even when this module is evaluated twice (server.ts and the build).
    process.env.SESSION_SECRET ||= env.SESSION_SECRET.join(',');
    return env;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const env: Env = loadEnv();

/** The only values that reach the browser as `window.ENV`. */
export const publicEnv = {
  SENTRY_DSN: env.SENTRY_DSN ?? null,
  NODE_ENV: env.NODE_ENV,
};

/** Channel API base URL; read late because server.ts sets it after starting the embedded API. */
export function channelApiUrl(): string {
  const value = env.CHANNEL_API_URL ?? process.env.CHANNEL_API_URL?.replace(/\/+$/, '');
  if (!value) throw new Error('CHANNEL_API_URL is not set and no embedded channel API is running');
  return value;
}

/** Where the channel key comes from (the channel config JSON). */
export function channelConfigUrl(): string {
  return env.CHANNEL_CONFIG_URL ?? `${channelApiUrl()}/channels/${env.CHANNEL_SLUG}.json`;
}

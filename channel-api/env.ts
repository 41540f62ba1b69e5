import path from 'node:path';
import { z } from 'zod';
import { FACEBOOK_GRAPH_URL } from '../contract/facebook.ts';
import { GOOGLE_SITEVERIFY } from './auth/recaptcha.ts';
import type { SocialConfig } from './auth/social.ts';

/* The channel API's environment, parsed by zod in this one module (like app/config/env.server.ts
 * for the web app): a bad value stops the start with a message naming the variable; an empty
 * value counts as unset. Options passed to startChannelApi (tests, the embedded start) win. */

const optional = z.string().min(1).optional();
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  CHANNEL_API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  CHANNEL_API_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL at scale; unset: PGlite under DATA_DIR. */
  DATABASE_URL: optional,
  API_KEY_TTL_SECONDS: seconds(3600),
  USER_SESSION_TTL_SECONDS: seconds(30 * 86_400),
  GIFT_RESEND_SECONDS: seconds(60),
  /** Sign-in limits (ADR 028): how long a failed sign-in counts, and how many an account (from
   *  every address together) and one address (over every account) may make in that time. */
  SIGN_IN_WINDOW_SECONDS: seconds(15 * 60),
  SIGN_IN_ACCOUNT_FAILURES: count(10),
  SIGN_IN_ADDRESS_FAILURES: count(50),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  SMTP_URL: optional,
  /** The whole From of every mail; unset, each mail is from its channel's name (mail/index.ts `senderOf`). */
  MAIL_FROM: z.string().min(1).optional(),
  RECAPTCHA_SECRET: optional,
  RECAPTCHA_VERIFY_URL: z.string().url().default(GOOGLE_SITEVERIFY),
  GOOGLE_ISSUER: optional,
  GOOGLE_CLIENT_ID: optional,
  /** Facebook sign-in (ADR 056): the app's id and secret, and the Graph API's base address. */
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  FACEBOOK_GRAPH_URL: z.string().url().default(FACEBOOK_GRAPH_URL),
  /** Stripe (PAYMENTS.md): set, payments go to Stripe; unset, to the sandbox provider. */
  STRIPE_SECRET_KEY: optional,
  /** The webhook endpoint's signing secret (whsec_…): without it Stripe's events are refused. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Another Stripe API origin, for tests against a local fake (http://127.0.0.1:port). */
  STRIPE_API_URL: z.string().url().optional(),
  /** The server's signing secret (links, media grants, deleted accounts' keyed hashes: signing.ts);
   *  comma-separated, the first signs. Unset: one made at the first start, kept in the database. */
  CHANNEL_API_SECRET: optional,
  /** The key media grants are signed with, to give a CDN that checks them; unset: derived from the secret. */
  MEDIA_GRANT_SECRET: optional,
  /** How long a media grant (a fan's right to one asset's files, ADR 026) lasts. */
  MEDIA_GRANT_SECONDS: seconds(4 * 3600),
  /** The job queue (ADR 032): how often an idle worker looks for jobs (a send in the same process
   *  wakes it at once), and how long a stop waits for running jobs. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(3600).default(2),
  JOB_STOP_TIMEOUT_SECONDS: seconds(30),
  /** Where our web servers call from (proxy-addr's words: loopback, uniquelocal, CIDRs, comma
   *  separated): only their X-Forwarded-For and viewer country are believed. */
  TRUST_WEB_SERVERS: z.string().min(1).default('loopback'),
  /** This process's name in every response's X-Served-By (server/instance.ts); default host-pid. */
  INSTANCE_NAME: optional,
  /** How long a stop waits for the requests in flight before it cuts them (then the jobs'). */
  SHUTDOWN_TIMEOUT_SECONDS: seconds(10),
  /** How long before a game its reminder mail goes (issue 24, default an hour). */
  ALERT_LEAD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** Clips (ffmpeg processes) one channel API process cuts at once (ADR 057); default 2
   *  (services/clips.ts CLIP_FFMPEG_CONCURRENCY). Each takes up to a core while it re-encodes; 0:
   *  this process cuts none (another worker process works the clip queue). */
  CLIP_FFMPEG_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  /** Whether this process works the job queue (alert mails, the alert sweep, clips); `false`: it
   *  only sends jobs, and worker processes (`npm run start:worker`, worker.ts) work them (ADR 059). */
  WORK_JOBS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The port of a worker process's /healthz (worker.ts); 0: none. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  /** The ffmpeg binary; unset: `ffmpeg` on PATH, else @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: optional,
});

export type ChannelApiEnv = z.output<typeof schema> & { dataDir: string; social: SocialConfig };

/** Parses the variables this module knows; throws an Error that names each bad one. */
export function channelApiEnv(env: NodeJS.ProcessEnv = process.env): ChannelApiEnv {
  const known = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const parsed = schema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`channel-api: invalid environment\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const provider = (issuer?: string, clientId?: string) => (issuer && clientId ? { issuer, clientId } : null);
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    social: {
      google: provider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID),
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? { appId: e.FACEBOOK_CLIENT_ID, appSecret: e.FACEBOOK_CLIENT_SECRET, graphUrl: e.FACEBOOK_GRAPH_URL }
          : null,
    },
  };
}

/** Where the operator commands (user:create, import:channel) find the database. */
export function databaseOptions(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl?: string } {
  const parsed = channelApiEnv(env);
  return { dataDir: parsed.dataDir, databaseUrl: parsed.DATABASE_URL };
}

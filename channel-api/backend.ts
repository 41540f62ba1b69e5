import path from 'node:path';
import type Stripe from 'stripe';
import type { SocialConfig } from './auth/social.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import type { ChannelApiEnv } from './env.ts';
import { regions } from './geo/regions.ts';
import { createMailer } from './mail/index.ts';
import type { PrerollMoments } from './media/preroll-moments.ts';
import { mediaReadiness, type MediaReadiness } from './media/readiness.ts';
import { reportError } from './monitoring.ts';
import type { PaymentEvent } from './payments/provider.ts';
import { sandboxProvider } from './payments/sandbox.ts';
import { stripeClient, type StripeOptions } from './payments/stripe-client.ts';
import { stripeProvider } from './payments/stripe.ts';
import { startJobQueue, type JobQueue, type QueueDefinition } from './queue/job-queue.ts';
import { projectQueues } from './queue/queues.ts';
import { catalogueNextChange } from './repo/events.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startAlerts } from './services/alerts.ts';
import { catalogueAnswers } from './services/catalogue-answers.ts';
import { startClips, type ClipLease } from './services/clips.ts';
import { prerollMomentsKept } from './services/datalake.ts';
import { handlePaymentEvent } from './services/fulfilment.ts';
import { mediaAccess } from './services/media-access.ts';
import { prerollCatalogue } from './services/prerolls.ts';
import type { SignInLimits } from './services/sign-in-limits.ts';
import { loadSigning } from './signing.ts';

/* What the channel API's server (server.ts) and its queue worker (worker.ts) both open: the
 * database, the job queue, the signing keys and the services' dependencies (Deps), and the
 * queues' handlers. One copy, so a worker process runs exactly the code the API runs (ADR 059). */

export interface ChannelApiOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Visitor api keys (env API_KEY_TTL_SECONDS, default 1 h). */
  apiKeyTtlSeconds?: number;
  /** Signed-in users' api keys (env USER_SESSION_TTL_SECONDS, default 30 days). */
  userSessionTtlSeconds?: number;
  /** How soon a gift may be mailed again (env GIFT_RESEND_SECONDS, default 60). */
  giftResendSeconds?: number;
  /** The web app's origin for links in mail and Stripe's return addresses (env PUBLIC_URL, default http://localhost:3000). */
  publicUrl?: string;
  /** SMTP server for mail (env SMTP_URL); without it mail goes to `<dataDir>/outbox/*.eml`. */
  smtpUrl?: string;
  /** The whole From of every mail (env MAIL_FROM); unset, the channel's name. */
  mailFrom?: string;
  /** reCAPTCHA is checked when a secret is set (env RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL). */
  recaptchaSecret?: string;
  recaptchaVerifyUrl?: string;
  /** Social sign-in (env GOOGLE_ISSUER/GOOGLE_CLIENT_ID; FACEBOOK_CLIENT_ID/FACEBOOK_CLIENT_SECRET/FACEBOOK_GRAPH_URL); null turns one off. */
  social?: SocialConfig;
  /** Stripe (env STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); null: the sandbox provider. */
  stripe?: StripeOptions | null;
  /** The server's signing secret (env CHANNEL_API_SECRET; unset: one kept in the database). */
  secret?: string;
  /** How long a media grant lasts (env MEDIA_GRANT_SECONDS, default 4 h). */
  mediaGrantSeconds?: number;
  /** Failed sign-ins allowed (env SIGN_IN_WINDOW_SECONDS, SIGN_IN_ACCOUNT_FAILURES, SIGN_IN_ADDRESS_FAILURES). */
  signInLimits?: Partial<SignInLimits>;
  /** The job queue (ADR 032): queues besides the project's (tests declare their own), and its
   *  timings (env JOB_POLL_SECONDS, JOB_STOP_TIMEOUT_SECONDS). */
  jobs?: { queues?: readonly QueueDefinition<object>[]; pollSeconds?: number; stopTimeoutSeconds?: number; cronCheckSeconds?: number };
  /** How long before a game its reminder mail goes (env ALERT_LEAD_MINUTES, default 60). */
  alertLeadMinutes?: number;
  /** Clips this process cuts at once (env CLIP_FFMPEG_CONCURRENCY, default 2); 0: none, another
   *  process works the clip queue (tests hold the queue still with it). */
  clipConcurrency?: number;
  /** The clip lease's timings in seconds (ADR 060; default CLIP_LEASE: 20, renewed every 5, dead
   *  workers' clips looked for every 5); tests shorten them. */
  clipLease?: Partial<ClipLease>;
  /** Whether this process works the job queue (env WORK_JOBS, default true); false: it sends jobs
   *  and a worker process (channel-api/worker.ts) works them. */
  workJobs?: boolean;
  /** The ffmpeg that makes the demo media in the background (default: media/ffmpeg.ts ffmpegPath). */
  ffmpeg?: string;
  /** Where pre-roll impressions, completions, skips and clicks go (media/preroll-moments.ts); by
   *  default nowhere yet (tests listen here). */
  prerollMoments?: PrerollMoments;
  /** This process's name in X-Served-By (env INSTANCE_NAME; default host-pid). */
  instanceName?: string;
  /** How long close() waits for the requests in flight (env SHUTDOWN_TIMEOUT_SECONDS, default 10). */
  shutdownTimeoutSeconds?: number;
  logger?: boolean;
}

export interface Backend {
  database: Database;
  deps: Deps;
  jobs: JobQueue;
  dataDir: string;
  /** Whether each demo media asset is made (the server makes the missing ones after it listens). */
  readiness: MediaReadiness & { fail(error: string): void };
  /** Stripe, when STRIPE_SECRET_KEY (or the option) is set; null: the sandbox provider. */
  stripe: { client: Stripe; options: StripeOptions } | null;
  /** A payment provider's event, fulfilled (orders, subscriptions). */
  onPaymentEvent(event: PaymentEvent): ReturnType<typeof handlePaymentEvent>;
  log(message: string): void;
  /** Writes what is kept in memory for a moment (the pre-roll moments). */
  flushAnalytics(): Promise<void>;
  /** Works the project's queues in this process: alert mails and their sweep schedule, and clips
   *  (`clipConcurrency`, env CLIP_FFMPEG_CONCURRENCY, at once). */
  workJobs(): Promise<void>;
  /** Writes the kept moments, stops the job queue (running jobs finish, up to
   *  JOB_STOP_TIMEOUT_SECONDS) and closes the database. */
  close(): Promise<void>;
}

/** Opens the channel API's database (migrating it; seeding the demo channel when `seed` and it
 *  is empty), starts the job queue and builds the services' dependencies. */
export async function openBackend(opts: ChannelApiOptions, env: ChannelApiEnv, { seed }: { seed: boolean }): Promise<Backend> {
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : env.dataDir;
  const publicUrl = opts.publicUrl ?? env.PUBLIC_URL;
  const logger = opts.logger ?? true;
  const log = (message: string) => {
    if (logger) console.log(message);
  };
  const recaptchaSecret = opts.recaptchaSecret ?? env.RECAPTCHA_SECRET;
  const mailer = createMailer({
    smtpUrl: opts.smtpUrl ?? env.SMTP_URL,
    outboxDir: path.join(dataDir, 'outbox'),
    from: opts.mailFrom ?? env.MAIL_FROM,
    log,
  });

  const database = await openDatabase({ dataDir, databaseUrl: opts.databaseUrl ?? env.DATABASE_URL });
  let jobs: JobQueue | undefined;
  try {
    if (seed && (await seedIfEmpty(database.db))) {
      await database.analyze();
      log('channel-api: seeded the demo channel');
    }
    jobs = await startJobQueue({
      database,
      queues: [...projectQueues, ...(opts.jobs?.queues ?? [])],
      pollSeconds: opts.jobs?.pollSeconds ?? env.JOB_POLL_SECONDS,
      stopTimeoutSeconds: opts.jobs?.stopTimeoutSeconds ?? env.JOB_STOP_TIMEOUT_SECONDS,
      cronCheckSeconds: opts.jobs?.cronCheckSeconds,
      onError: (error) => {
        console.error('channel-api: job queue error', error);
        reportError(error);
      },
    });
    const signing = await loadSigning(database.db, { ...env, CHANNEL_API_SECRET: opts.secret ?? env.CHANNEL_API_SECRET });
    // The demo media is made after the server listens: until then its games say so.
    const readiness = mediaReadiness(dataDir);

    // Payments: Stripe when a secret key is set, else the sandbox (ADR 015). Fulfilment needs the
    // deps, and the deps hold the provider: the handler is bound once both exist.
    const stripeOptions =
      opts.stripe !== undefined
        ? opts.stripe
        : env.STRIPE_SECRET_KEY
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, apiUrl: env.STRIPE_API_URL }
          : null;
    const stripe = stripeOptions ? { client: stripeClient(stripeOptions), options: stripeOptions } : null;
    // The sandbox reports what its own calls do (a cancelled renewal) to fulfilment, bound below.
    const payments = stripe
      ? stripeProvider(stripe.client, { publicUrl })
      : sandboxProvider({ db: database.db, signing, onEvent: (event) => onPaymentEvent(event) });
    const keptMoments = prerollMomentsKept(database.db, log);
    const deps: Deps = {
      db: database.db,
      dataDir,
      apiKeyTtlSeconds: opts.apiKeyTtlSeconds ?? env.API_KEY_TTL_SECONDS,
      userSessionTtlSeconds: opts.userSessionTtlSeconds ?? env.USER_SESSION_TTL_SECONDS,
      giftResendSeconds: opts.giftResendSeconds ?? env.GIFT_RESEND_SECONDS,
      publicUrl,
      mailer,
      recaptcha: recaptchaSecret ? { secret: recaptchaSecret, verifyUrl: opts.recaptchaVerifyUrl ?? env.RECAPTCHA_VERIFY_URL } : null,
      social: { ...env.social, ...opts.social },
      payments,
      signing,
      regions: regions(database.db),
      media: mediaAccess({ db: database.db, signing, grantSeconds: opts.mediaGrantSeconds ?? env.MEDIA_GRANT_SECONDS, isReady: readiness.isReady }),
      jobs,
      alertLeadMinutes: opts.alertLeadMinutes ?? env.ALERT_LEAD_MINUTES,
      signInLimits: {
        windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
        accountFailures: env.SIGN_IN_ACCOUNT_FAILURES,
        addressFailures: env.SIGN_IN_ADDRESS_FAILURES,
        ...opts.signInLimits,
      },
      prerolls: prerollCatalogue(database.db),
      prerollMoments: opts.prerollMoments ?? keptMoments,
      catalogueAnswers: catalogueAnswers((channelId, now) => catalogueNextChange(database.db, channelId, now)),
      log,
    };
    const onPaymentEvent = (event: PaymentEvent) => handlePaymentEvent(deps, event);
    const startedJobs = jobs;
    let closing: Promise<void> | undefined;
    let clipWork: { stop(): Promise<void> } | undefined;
    return {
      database,
      deps,
      jobs,
      dataDir,
      readiness,
      stripe,
      onPaymentEvent,
      log,
      flushAnalytics: () => keptMoments.flush(),
      async workJobs() {
        await startAlerts(deps);
        clipWork = await startClips(deps, opts.clipConcurrency ?? env.CLIP_FFMPEG_CONCURRENCY, opts.clipLease);
      },
      close: () =>
        (closing ??= (async () => {
          await keptMoments.flush();
          // The reaper first: it uses the queue.
          await clipWork?.stop();
          await startedJobs.stop();
          await database.close();
        })()),
    };
  } catch (error) {
    await jobs?.stop();
    await database.close();
    throw error;
  }
}

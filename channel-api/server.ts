import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import type { SocialConfig } from './auth/social.ts';
import { openDatabase, type Db } from './db/client.ts';
import type { Deps } from './deps.ts';
import { channelApiEnv } from './env.ts';
import { regions } from './geo/regions.ts';
import { analyticsOpsRoute } from './http/analytics-ops.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { imagesRouter } from './images.ts';
import { createMailer } from './mail/index.ts';
import { clipsRouter } from './media/clips-router.ts';
import { downloadsRouter } from './media/downloads.ts';
import { dvrGamesOf } from './media/dvr-games.ts';
import { mediaGuard } from './media/guard.ts';
import { mediaRouter } from './media/index.ts';
import type { PrerollMoments } from './media/preroll-moments.ts';
import { mediaReadiness, prepareInBackground } from './media/readiness.ts';
import { reportError } from './monitoring.ts';
import type { PaymentEvent } from './payments/provider.ts';
import { sandboxClockRoute, sandboxPages } from './payments/sandbox-pages.ts';
import { sandboxProvider } from './payments/sandbox.ts';
import { stripeClient, type StripeOptions } from './payments/stripe-client.ts';
import { stripeProvider, stripeWebhook } from './payments/stripe.ts';
import { startJobQueue, type JobQueue, type QueueDefinition } from './queue/job-queue.ts';
import { jobsOpsRoute } from './queue/ops-route.ts';
import { projectQueues } from './queue/queues.ts';
import { accountRoutes } from './routes/account.ts';
import { alertRoutes } from './routes/alerts.ts';
import { authRoutes } from './routes/auth.ts';
import { billingRoutes } from './routes/billing.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { clipRoutes } from './routes/clips.ts';
import { contentRoutes } from './routes/content.ts';
import { customFormRoutes } from './routes/custom-forms.ts';
import { datalakeRoutes } from './routes/datalake.ts';
import { eventRoutes } from './routes/events.ts';
import { followRoutes } from './routes/follows.ts';
import { giftRoutes } from './routes/gifts.ts';
import { keyRoutes } from './routes/keys.ts';
import { orderRoutes } from './routes/orders.ts';
import { prerollRoutes } from './routes/prerolls.ts';
import { profileRoutes } from './routes/profile.ts';
import { publicRoutes } from './routes/public.ts';
import { reportRoutes } from './routes/report.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { vodRoutes } from './routes/vod.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startAlerts } from './services/alerts.ts';
import { startClips, type ClipLease } from './services/clips.ts';
import { prerollMomentsKept } from './services/datalake.ts';
import { handlePaymentEvent } from './services/fulfilment.ts';
import { mediaAccess } from './services/media-access.ts';
import { prerollCatalogue } from './services/prerolls.ts';
import type { SignInLimits } from './services/sign-in-limits.ts';
import { loadSigning } from './signing.ts';
// Process plumbing the web server shares (server/: X-Served-By, /healthz, a graceful stop).
import { closeGracefully } from '../server/graceful-close.ts';
import { databaseAnswers, sendHealth } from '../server/health.ts';
import { instanceName, servedBy } from '../server/instance.ts';

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

export interface ChannelApi {
  url: string;
  /** The open database: tests and operator tools reach the data through the repo modules. */
  db: Db;
  /** The job queue, started with the API; close() stops it after the last request. */
  jobs: JobQueue;
  /** Writes what is kept in memory for a moment (the pre-roll moments), as close() does. */
  flushAnalytics(): Promise<void>;
  /** Why the database does not answer, or null when it does (what /healthz says). */
  health(): Promise<string | null>;
  /** Stops accepting, lets the requests in flight finish (up to shutdownTimeoutSeconds), lets the
   *  running jobs finish (up to JOB_STOP_TIMEOUT_SECONDS), closes the database. */
  close(): Promise<void>;
}

/** Starts the reference channel API: migrate, seed the demo channel on first start, serve. */
export async function startChannelApi(opts: ChannelApiOptions = {}): Promise<ChannelApi> {
  const env = channelApiEnv();
  const port = opts.port ?? env.CHANNEL_API_PORT;
  const host = opts.host ?? env.CHANNEL_API_HOST;
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : env.dataDir;
  const databaseUrl = opts.databaseUrl ?? env.DATABASE_URL;
  const apiKeyTtlSeconds = opts.apiKeyTtlSeconds ?? env.API_KEY_TTL_SECONDS;
  const userSessionTtlSeconds = opts.userSessionTtlSeconds ?? env.USER_SESSION_TTL_SECONDS;
  const giftResendSeconds = opts.giftResendSeconds ?? env.GIFT_RESEND_SECONDS;
  const publicUrl = opts.publicUrl ?? env.PUBLIC_URL;
  const logger = opts.logger ?? true;
  const log = (message: string) => {
    if (logger) console.log(message);
  };
  const recaptchaSecret = opts.recaptchaSecret ?? env.RECAPTCHA_SECRET;
  const recaptcha = recaptchaSecret ? { secret: recaptchaSecret, verifyUrl: opts.recaptchaVerifyUrl ?? env.RECAPTCHA_VERIFY_URL } : null;
  const social = { ...env.social, ...opts.social };
  const mailer = createMailer({
    smtpUrl: opts.smtpUrl ?? env.SMTP_URL,
    outboxDir: path.join(dataDir, 'outbox'),
    from: opts.mailFrom ?? env.MAIL_FROM,
    log,
  });

  const database = await openDatabase({ dataDir, databaseUrl });
  let jobs: JobQueue | undefined;
  let clipWork: { stop(): Promise<void> } | undefined;
  try {
    if (await seedIfEmpty(database.db)) {
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
    // The demo media is made after the server listens (below): until then its games say so.
    const readiness = mediaReadiness(dataDir);

    const app = express();
    app.disable('x-powered-by');
    // X-Forwarded-For is believed only from loopback: our own web server proxying the browser.
    app.set('trust proxy', 'loopback');

    // Payments: Stripe when a secret key is set, else the sandbox (ADR 015). Fulfilment needs the
    // deps, and the deps hold the provider: the handler is bound once both exist.
    const stripeOptions =
      opts.stripe !== undefined
        ? opts.stripe
        : env.STRIPE_SECRET_KEY
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, apiUrl: env.STRIPE_API_URL }
          : null;
    const stripe = stripeOptions ? stripeClient(stripeOptions) : null;
    // The sandbox reports what its own calls do (a cancelled renewal) to fulfilment, bound below.
    const payments = stripe ? stripeProvider(stripe, { publicUrl }) : sandboxProvider({ db: database.db, signing, onEvent: (event) => onPaymentEvent(event) });
    const viewerRegions = regions(database.db);
    const media = mediaAccess({ db: database.db, signing, grantSeconds: opts.mediaGrantSeconds ?? env.MEDIA_GRANT_SECONDS, isReady: readiness.isReady });
    const keptMoments = prerollMomentsKept(database.db, log);
    const deps: Deps = {
      db: database.db,
      dataDir,
      apiKeyTtlSeconds,
      userSessionTtlSeconds,
      giftResendSeconds,
      publicUrl,
      mailer,
      recaptcha,
      social,
      payments,
      signing,
      regions: viewerRegions,
      media,
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
      log,
    };
    const onPaymentEvent = (event: PaymentEvent) => handlePaymentEvent(deps, event);
    await startAlerts(deps);
    clipWork = await startClips(deps, opts.clipConcurrency ?? env.CLIP_FFMPEG_CONCURRENCY, opts.clipLease);
    // The webhook reads its raw body (the signature covers the exact bytes): before the JSON parser.
    if (stripe && stripeOptions?.webhookSecret) app.use(stripeWebhook({ stripe, secret: stripeOptions.webhookSecret, onEvent: onPaymentEvent, log }));
    app.use(express.json({ limit: '100kb' }));
    if (!stripe) app.use('/sandbox', sandboxPages({ db: database.db, signing, onEvent: onPaymentEvent }));
    if (!stripe) app.use(sandboxClockRoute({ db: database.db, onEvent: onPaymentEvent }));
    log(
      `channel-api: payments by ${payments.name}${stripe && !stripeOptions?.webhookSecret ? ' (no STRIPE_WEBHOOK_SECRET: orders are settled when their page is read)' : ''}`,
    );
    app.use(jobsOpsRoute(jobs));
    app.use(analyticsOpsRoute(database.db));
    // Health: 200 only while the database answers (ADR 058), and how far the demo media is (the
    // e2e run waits on `media.ready`).
    const health = () => databaseAnswers(() => database.ping());
    app.get('/healthz', async (_req, res) => sendHealth(res, await health(), { media: readiness.status() }));
    app.use('/media/images', imagesRouter(database.db));
    app.use('/media', downloadsRouter({ dataDir, signing, regions: viewerRegions }));
    app.use('/media', clipsRouter({ dataDir, db: database.db, regions: viewerRegions }));
    app.use(
      '/media',
      mediaGuard(media, viewerRegions),
      mediaRouter({ dataDir, games: dvrGamesOf(database.db), preroll: (id) => deps.prerolls.byId(id), moments: deps.prerollMoments }),
    );
    const router = express.Router();
    keyRoutes(router, deps);
    publicRoutes(router, deps);
    contentRoutes(router, deps);
    customFormRoutes(router, deps);
    followRoutes(router, deps);
    alertRoutes(router, deps);
    calendarRoutes(router, deps);
    datalakeRoutes(router, deps);
    reportRoutes(router, deps);
    // Before the events': GET /events/with_clip is not GET /events/{id}.
    clipRoutes(router, deps);
    eventRoutes(router, deps);
    prerollRoutes(router, deps);
    vodRoutes(router, deps);
    authRoutes(router, deps);
    profileRoutes(router, deps);
    accountRoutes(router, deps);
    checkoutRoutes(router, deps);
    subscriptionRoutes(router, deps);
    billingRoutes(router, deps);
    giftRoutes(router, deps);
    orderRoutes(router, deps);
    app.use(router);
    app.use(notFoundHandler);
    app.use(
      errorHandler((error, req) => {
        console.error('channel-api: unexpected error', error);
        reportError(error, req);
      }),
    );

    const server = http.createServer(servedBy(instanceName(opts.instanceName ?? env.INSTANCE_NAME), app)).listen(port, host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const address = server.address() as AddressInfo;
    const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    log(`channel-api: listening on ${url} (${database.kind})`);
    const preparation = prepareInBackground(dataDir, readiness, { log, ffmpeg: opts.ffmpeg });

    let closing: Promise<void> | undefined;
    const startedJobs = jobs;
    return {
      url,
      db: database.db,
      jobs,
      flushAnalytics: () => keptMoments.flush(),
      health,
      close: () =>
        (closing ??= (async () => {
          const requests = await closeGracefully(server, (opts.shutdownTimeoutSeconds ?? env.SHUTDOWN_TIMEOUT_SECONDS) * 1000);
          if (requests === 'cut') log('channel-api: requests still running at the shutdown timeout were cut');
          await preparation.stop();
          await keptMoments.flush();
          await clipWork?.stop();
          await startedJobs.stop();
          await database.close();
        })()),
    };
  } catch (error) {
    await clipWork?.stop();
    await jobs?.stop();
    await database.close();
    throw error;
  }
}

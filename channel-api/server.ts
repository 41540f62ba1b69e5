import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { openBackend, type ChannelApiOptions } from './backend.ts';
import type { Db } from './db/client.ts';
import { channelApiEnv } from './env.ts';
import { analyticsOpsRoute } from './http/analytics-ops.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { imagesRouter } from './images.ts';
import { clipsRouter } from './media/clips-router.ts';
import { downloadsRouter } from './media/downloads.ts';
import { dvrGamesOf } from './media/dvr-games.ts';
import { mediaGuard } from './media/guard.ts';
import { mediaRouter } from './media/index.ts';
import { prepareInBackground } from './media/readiness.ts';
import { reportError } from './monitoring.ts';
import { sandboxClockRoute, sandboxPages } from './payments/sandbox-pages.ts';
import { stripeWebhook } from './payments/stripe.ts';
import type { JobQueue } from './queue/job-queue.ts';
import { jobsOpsRoute } from './queue/ops-route.ts';
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
// Process plumbing the web server shares (server/: X-Served-By, /healthz, a graceful stop).
import { closeGracefully } from '../server/graceful-close.ts';
import { databaseAnswers, sendHealth } from '../server/health.ts';
import { instanceName, servedBy } from '../server/instance.ts';

export type { ChannelApiOptions };

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
  const backend = await openBackend(opts, env, { seed: true });
  const { database, deps, jobs, dataDir, readiness, stripe, onPaymentEvent, log } = backend;
  try {
    const app = express();
    app.disable('x-powered-by');
    // X-Forwarded-For and the viewer's country are believed only from our own web servers
    // (TRUST_WEB_SERVERS: loopback by default; the compose network's addresses in compose.yaml).
    app.set('trust proxy', env.TRUST_WEB_SERVERS);

    // WORK_JOBS=false: this process sends jobs, worker processes (worker.ts) work them (ADR 059).
    if (opts.workJobs ?? env.WORK_JOBS) await backend.workJobs();
    else log('channel-api: WORK_JOBS=false: jobs are sent here and worked by the worker processes');
    // The webhook reads its raw body (the signature covers the exact bytes): before the JSON parser.
    if (stripe?.options.webhookSecret) app.use(stripeWebhook({ stripe: stripe.client, secret: stripe.options.webhookSecret, onEvent: onPaymentEvent, log }));
    app.use(express.json({ limit: '100kb' }));
    if (!stripe) app.use('/sandbox', sandboxPages({ db: database.db, signing: deps.signing, onEvent: onPaymentEvent }));
    if (!stripe) app.use(sandboxClockRoute({ db: database.db, onEvent: onPaymentEvent }));
    log(
      `channel-api: payments by ${deps.payments.name}${stripe && !stripe.options.webhookSecret ? ' (no STRIPE_WEBHOOK_SECRET: orders are settled when their page is read)' : ''}`,
    );
    app.use(jobsOpsRoute(jobs));
    app.use(analyticsOpsRoute(database.db));
    // Health: 200 only while the database answers (ADR 058), and how far the demo media is (the
    // e2e run waits on `media.ready`).
    const health = () => databaseAnswers(() => database.ping());
    app.get('/healthz', async (_req, res) => sendHealth(res, await health(), { media: readiness.status() }));
    app.use('/media/images', imagesRouter(database.db));
    app.use('/media', downloadsRouter({ dataDir, signing: deps.signing, regions: deps.regions }));
    app.use('/media', clipsRouter({ dataDir, db: database.db, regions: deps.regions }));
    app.use(
      '/media',
      mediaGuard(deps.media, deps.regions),
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
    return {
      url,
      db: database.db,
      jobs,
      flushAnalytics: backend.flushAnalytics,
      health,
      close: () =>
        (closing ??= (async () => {
          const requests = await closeGracefully(server, (opts.shutdownTimeoutSeconds ?? env.SHUTDOWN_TIMEOUT_SECONDS) * 1000);
          if (requests === 'cut') log('channel-api: requests still running at the shutdown timeout were cut');
          await preparation.stop();
          await backend.close();
        })()),
    };
  } catch (error) {
    await backend.close();
    throw error;
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { paymentEvents, purchases } from '../../channel-api/db/schema.ts';
import { startChannelApi } from '../../channel-api/server.ts';
import { api } from '../../contract/index.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { tokenFrom, waitForMail } from '../support/outbox.ts';
import { registration, uniqueEmail } from '../support/registration.ts';

/* The commerce figures of `npm run bench` (issue 10), called by run.ts:
   - buy → checkout redirect: the channel API's POST /stripe/buy until it answers the redirect_url,
     on the embedded channel API the bench already runs (sandbox provider, PGlite). The web app's
     /buy action adds one hop to it (and its CSRF check): not measured, as it needs a form page per
     request. One request at a time, each a fan's first attempt at that event (no older checkout
     to end), after a few unmeasured ones.
   - Stripe webhook events handled per second on PGlite: a separate in-process channel API with the
     Stripe provider pointed at the local fake of Stripe (tests/support/fake-stripe.ts), N open
     purchases made through POST /stripe/buy (those buys are timed too: the Stripe provider's path,
     with Stripe's own latency replaced by loopback), every session paid at the fake, then N signed
     checkout.session.completed events posted to /stripe/webhook, WEBHOOK_CONCURRENCY at once as
     Stripe delivers them; each is verified, re-read from the fake and settled in a transaction
     with its receipt mailed. Then the same N again: duplicates, each a 200 no-op.
   BENCH_SECONDS scales the sample counts (50 per second, 100 to 1000) so a short run stays short. */

const WEBHOOK_CONCURRENCY = 8;
const WARM_UP = 5;
const WEBHOOK_SECRET = 'whsec_bench_fieldhouse_offline';

export interface Latency {
  samples: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Throughput extends Latency {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface CommerceFigures {
  buy: Latency & { measured: string };
  buyStripeFake: Latency & { measured: string };
  webhooks: Throughput & { database: 'PGlite'; concurrency: number };
  duplicateWebhooks: Throughput & { concurrency: number };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { samples: sorted.length, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)) };
}

export async function post(base: string, pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(pathname, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

export async function visitorKey(base: string): Promise<string> {
  const config = (await (await fetch(new URL('/channels/demo.json', base))).json()) as { channel_key: string };
  return (await post(base, '/get_api_key', { channel_key: config.channel_key })).data.api_key as string;
}

/** A verified, signed-in fan, the way one registers: their api key. */
export async function signUp(base: string, outbox: string, key: string): Promise<string> {
  const email = uniqueEmail('bench');
  const after = Date.now();
  await post(base, '/v2/auth/register', { ...registration(email), api_key: key });
  const token = tokenFrom(await waitForMail(outbox, { to: email, subject: 'Verify', after }), '/verify-email');
  const verified = await post(base, '/auth/email-verify', { token, api_key: key });
  return (await post(base, '/auth/add_session', { code: verified.data.code, api_key: key })).data.api_key as string;
}

/** Every paid event with its single-event package: what a fan can buy once each. */
async function eventOffers(base: string, key: string): Promise<{ event_id: number; package_id: number }[]> {
  const packages = api.packages.response.parse(await (await fetch(new URL('/packages', base))).json()).data;
  const events = api.events.response.parse(await (await fetch(new URL(`/events?limit=100&api_key=${key}`, base))).json()).data;
  return events.flatMap((event) => {
    const ticket = packages.find((p) => p.type === 'event' && p.event_categories.some((c) => event.event_categories.some((ec) => ec.id === c)));
    return event.type === 'paid' && ticket ? [{ event_id: event.id, package_id: ticket.id }] : [];
  });
}

/** `n` first attempts at buying an event, timed one at a time, by as many fans as it takes. */
async function timedBuys(base: string, outbox: string, n: number): Promise<{ ms: number[]; redirects: string[] }> {
  const key = await visitorKey(base);
  const offers = await eventOffers(base, key);
  if (offers.length === 0) throw new Error('no paid event to buy');
  const ms: number[] = [];
  const redirects: string[] = [];
  let warmUp = WARM_UP;
  while (redirects.length < n) {
    const fan = await signUp(base, outbox, key);
    for (const offer of offers) {
      if (redirects.length >= n) break;
      const started = performance.now();
      const res = await post(base, '/stripe/buy', { ...offer, idempotency_key: randomBytes(16).toString('hex'), api_key: fan });
      const took = performance.now() - started;
      if (warmUp-- > 0) continue;
      ms.push(took);
      redirects.push(res.data.redirect_url as string);
    }
  }
  return { ms, redirects };
}

/** Posts every body to the webhook, `concurrency` at a time; each must be a 200. */
async function deliverAll(base: string, deliveries: { payload: string; signature: string }[], concurrency: number): Promise<Throughput> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < deliveries.length) {
      const { payload, signature } = deliveries[next++];
      const t = performance.now();
      await post(base, '/stripe/webhook', payload, { 'stripe-signature': signature });
      ms.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { ...latency(ms), events: deliveries.length, seconds: round(seconds), perSecond: Math.round(deliveries.length / seconds) };
}

async function stripeWebhooks(n: number) {
  const fake = await startFakeStripe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-stripe-'));
  await linkSharedMedia(dataDir);
  // The figure is PGlite's: a DATABASE_URL in the bench's environment is not used here.
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const channel = await startChannelApi({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logger: false,
    publicUrl: 'http://fieldhouse.bench',
    stripe: { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url },
  }).finally(() => {
    if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  });
  try {
    const buys = await timedBuys(channel.url, path.join(dataDir, 'outbox'), n);
    // Stripe's side: the fan paid every session, and Stripe signs one event for each.
    const deliveries = buys.redirects.map((url) => {
      const sessionId = new URL(url).pathname.split('/').at(-1)!;
      fake.pay(sessionId);
      return fake.sign(fake.event('checkout.session.completed', sessionId), WEBHOOK_SECRET);
    });
    const paidCount = async () => (await channel.db.select({ n: count() }).from(purchases).where(eq(purchases.status, 'paid')))[0].n;
    const handledCount = async () => (await channel.db.select({ n: count() }).from(paymentEvents))[0].n;
    const first = await deliverAll(channel.url, deliveries, WEBHOOK_CONCURRENCY);
    const paid = await paidCount();
    if (paid !== deliveries.length) throw new Error(`${deliveries.length} completed events paid ${paid} purchases`);
    const duplicates = await deliverAll(channel.url, deliveries, WEBHOOK_CONCURRENCY);
    if ((await paidCount()) !== paid || (await handledCount()) !== deliveries.length) throw new Error('duplicate events changed the data');
    return { buys: latency(buys.ms), first, duplicates };
  } finally {
    await channel.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function commerceBench(opts: { channelApiUrl: string; outbox: string; seconds: number }): Promise<CommerceFigures> {
  const n = Math.max(100, Math.min(1000, Math.round(opts.seconds * 50)));
  const sandbox = await timedBuys(opts.channelApiUrl, opts.outbox, n);
  const stripe = await stripeWebhooks(n);
  return {
    buy: { measured: 'channel API POST /stripe/buy, embedded, sandbox provider, PGlite; the web app adds one hop', ...latency(sandbox.ms) },
    buyStripeFake: { measured: 'channel API POST /stripe/buy, Stripe provider against the local fake (loopback), PGlite', ...stripe.buys },
    webhooks: { database: 'PGlite', concurrency: WEBHOOK_CONCURRENCY, ...stripe.first },
    duplicateWebhooks: { concurrency: WEBHOOK_CONCURRENCY, ...stripe.duplicates },
  };
}

/** The rows run.ts prints: measure, value, target. */
export function commerceRows(c: CommerceFigures): [string, string, string][] {
  const ms = (l: Latency) => `p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms (${l.samples} buys)`;
  const rate = (t: Throughput) => `${t.perSecond} events/s (${t.events} in ${t.seconds} s; p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms)`;
  return [
    ['buy POST → checkout redirect (channel API, sandbox; web app: +1 hop)', ms(c.buy), ''],
    ['buy POST → checkout redirect (Stripe provider, local fake)', ms(c.buyStripeFake), ''],
    [`Stripe webhooks handled, PGlite (${c.webhooks.concurrency} at once)`, rate(c.webhooks), ''],
    [`Stripe webhooks, duplicates (${c.duplicateWebhooks.concurrency} at once)`, rate(c.duplicateWebhooks), ''],
  ];
}

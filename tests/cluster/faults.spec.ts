/* Faults on a championship night (issue 37), each scripted against the running cluster, with
   nothing lost: a web server killed in the middle of a purchase, the channel API killed between a
   checkout and its payment, a worker killed in the middle of a clip, PostgreSQL restarted. The
   launcher starts a killed process again, as an orchestrator does. Plain forms (no JavaScript): the
   fan's requests are the ones the test counts. */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import pg from 'pg';
import { createVerifiedUser, signIn } from '../e2e/support/accounts.ts';
import { listEvents } from '../e2e/support/channel.ts';
import { CARDS, ordersOf, paidEvent, payOnSandbox, subscribe } from '../e2e/support/commerce.ts';
import type { Site } from '../e2e/support/site.ts';
import { listMail, waitForMail } from '../support/outbox.ts';
import {
  addressOf,
  CLUSTER_DATABASE_URL,
  clusterPostgres,
  clusterSite,
  crash,
  freeze,
  pidOf,
  PROXY_URL,
  startedAgain,
  webServersWaitingOn,
  type ProcessName,
} from './support/cluster.ts';

test.use({ javaScriptEnabled: false });
/** The reload screen's words (spec section 8). */
const OUTAGE = 'Apologies! Our service is currently experiencing technical difficulties.';
test.describe.configure({ timeout: 180_000 });

/** A signed-in fan of the cluster, and their api key (to read what their data holds). */
async function signedInFan(page: Page) {
  const site = clusterSite();
  const fan = await createVerifiedUser({}, site);
  const { apiKey } = await signIn(page.context(), fan, site);
  return { fan, apiKey, site };
}

/** The checkout form's fields as the browser would post them (its idempotency key among them). */
async function checkoutForm(page: Page): Promise<{ action: string; fields: Record<string, string> }> {
  const form = page.locator('form', { has: page.getByRole('button', { name: /^Pay / }) });
  const fields: Record<string, string> = {};
  for (const input of await form.locator('input[name]').all()) fields[(await input.getAttribute('name'))!] = await input.inputValue();
  // The button pressed says what the form does (intent=buy).
  const pay = form.getByRole('button', { name: /^Pay / });
  fields[(await pay.getAttribute('name'))!] = (await pay.getAttribute('value'))!;
  const action = (await form.getAttribute('action')) ?? new URL(page.url()).pathname + new URL(page.url()).search;
  return { action, fields };
}

/** Waits until the channel's analytics hold a view of `path` made since `since`. */
async function pageViewStored(path: string, since: Date): Promise<void> {
  const db = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
  await db.connect();
  try {
    const views = async () =>
      (
        await db.query("select count(*)::int as n from analytics_events where name = 'page_view' and (path = $1 or path like $1 || '?%') and at >= $2", [
          path,
          since,
        ])
      ).rows[0].n as number;
    await expect.poll(views, { timeout: 15_000, intervals: [100] }).toBeGreaterThan(0);
  } finally {
    await db.end();
  }
}

test('a web server killed while it holds a purchase: the fan sends the form again, lands on the other, and has one order', async ({ page }) => {
  const { apiKey, site } = await signedInFan(page);
  const { event, ticket } = await paidEvent(site);
  const shownAt = new Date();
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  const { action, fields } = await checkoutForm(page);
  const post = () => page.request.post(action, { form: fields, maxRedirects: 0, headers: { origin: PROXY_URL, referer: page.url() } });
  // The checkout page's view reaches the channel's analytics in the next batch (2 s): once it is
  // there, no web server has anything of this fan's left to send but the purchase. A batch sent
  // while the API is frozen would wait beside it, and the test could not tell which server to kill.
  await pageViewStored('/buy', shownAt);

  // The channel API frozen: the purchase waits in whichever web server took it; that one dies.
  const apiPort = Number(new URL(addressOf('api')).port);
  freeze('api', true);
  let killed: { name: ProcessName; pid: number } | null = null;
  let first: APIResponse;
  try {
    const busyBefore = webServersWaitingOn(apiPort);
    let answered: APIResponse | null = null;
    const pending = post().then((res) => (answered = res));
    for (const deadline = Date.now() + 10_000; !killed; await sleep(50)) {
      if (answered) throw new Error(`the purchase was answered before it reached the channel API: ${(answered as APIResponse).status()}`);
      if (Date.now() > deadline) throw new Error('no web server took the purchase to the channel API');
      const holders = [...webServersWaitingOn(apiPort)].filter((name) => !busyBefore.has(name));
      if (holders.length > 1) throw new Error(`both web servers wait on the channel API (${holders.join(', ')}): which holds the purchase is unknown`);
      if (holders.length === 1) killed = { name: holders[0], pid: crash(holders[0]) };
    }
    first = await pending;
  } finally {
    freeze('api', false);
  }
  expect(first.status(), 'the proxy says the server went away; it does not send a purchase twice').toBe(502);

  // The fan sends the same form again (the browser's "resend"): the other server takes it.
  const again = await post();
  expect(again.status()).toBe(303);
  expect(again.headers()['x-served-by']).not.toBe(killed!.name);
  await page.goto(again.headers().location);
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  const orders = (await ordersOf(apiKey, site)).filter((order) => order.product.event_id === event.id);
  expect(orders.map((order) => order.status)).toEqual(['paid']);
  await startedAgain(killed!.name as 'web-1' | 'web-2', killed!.pid);
});

test('the channel API killed between a checkout and its payment: after its restart the order settles once', async ({ page }) => {
  const { fan, apiKey, site } = await signedInFan(page);
  const { event, ticket } = await paidEvent(site);
  await page.goto(`/buy?event=${event.id}&package=${ticket.id}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  const checkout = page.url();

  const old = crash('api');
  // The fan pays while it is down: the payment does not go through, and the fan is told.
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toHaveCount(0);
  await startedAgain('api', old);

  // Back on the checkout, the fan pays again.
  const paidAt = Date.now();
  await page.goto(checkout);
  await payOnSandbox(page, CARDS.success);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await waitForMail(site.outbox, { to: fan.email, subject: 'receipt', after: paidAt });
  // The order page read again (each read reconciles with the provider): nothing settles twice.
  await page.reload();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  const orders = (await ordersOf(apiKey, site)).filter((order) => order.product.event_id === event.id);
  expect(orders.map((order) => order.status)).toEqual(['paid']);
  expect(orders[0].transactions).toHaveLength(1);
  expect(listMail(site.outbox, paidAt - 60_000).filter((mail) => mail.to.includes(fan.email) && /receipt/i.test(mail.subject))).toHaveLength(1);
});

/** The ffmpeg a worker runs for a clip, caught and frozen the moment it starts: the worker is then
 *  in the middle of the clip. */
async function frozenClipCut(timeoutMs = 20_000): Promise<{ worker: 'worker-1' | 'worker-2'; ffmpeg: number }> {
  const workers = { [pidOf('worker-1')]: 'worker-1', [pidOf('worker-2')]: 'worker-2' } as const;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (comm === 'ffmpeg' && workers[parent]) {
          process.kill(Number(entry), 'SIGSTOP');
          return { worker: workers[parent], ffmpeg: Number(entry) };
        }
      } catch {
        // Gone between the listing and the read.
      }
    }
    await sleep(5);
  }
  throw new Error('no worker started an ffmpeg for the clip');
}

/** A finished game this fan may clip (the channel's features.clip). */
async function clippableGame(apiKey: string, site: Site): Promise<{ id: number }> {
  for (const event of (await listEvents({ stream_status: 'finished', limit: 50 }, site)).items) {
    const res = await fetch(`${site.channelApiUrl}/events/${event.id}?api_key=${encodeURIComponent(apiKey)}`);
    const { data } = (await res.json()) as { data: { features: { clip: { state: string } }; url: string | null } };
    if (data.features.clip.state === 'allowed' && data.url) return event;
  }
  throw new Error('no finished game this fan may clip');
}

test('a worker killed in the middle of a clip: another worker makes it, and no clip stays being made', async ({ page }) => {
  const { apiKey, site } = await signedInFan(page);
  await subscribe(apiKey, undefined, site);
  const game = await clippableGame(apiKey, site);
  const tags = ((await (await fetch(`${site.channelApiUrl}/settings`)).json()) as { data: { clip_tags: string[] } }).data.clip_tags;

  const caught = frozenClipCut();
  // Off the segment boundaries: ffmpeg re-encodes the edges (a cut on them takes a few milliseconds).
  const res = await fetch(`${site.channelApiUrl}/clip`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: apiKey, event_id: game.id, name: 'The comeback', start_time: 3, duration: 21, tags: [tags[0]] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const clipId = ((await res.json()) as { data: { id: number } }).data.id;
  const { worker } = await caught;
  const old = crash(worker);

  const db = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
  await db.connect();
  try {
    const clipRow = async () =>
      (await db.query<{ status: string; worked_by: string | null }>('select status, worked_by from clips where id = $1', [clipId])).rows[0];
    expect((await clipRow()).status).toBe('queued');
    await expect.poll(async () => (await clipRow()).status, { timeout: 90_000, intervals: [500] }).toBe('processed');
    // Every clip of the night is made or failed: none is left "being made".
    expect((await db.query("select id from clips where status = 'queued'")).rows).toEqual([]);
  } finally {
    await db.end();
  }
  await startedAgain(worker, old);
  const clips = (
    (await (await fetch(`${site.channelApiUrl}/clips/user?api_key=${encodeURIComponent(apiKey)}`)).json()) as { data: { id: number; status: string }[] }
  ).data;
  expect(clips.find((clip) => clip.id === clipId)?.status).toBe('processed');
});

test('PostgreSQL restarted: the reload screen while it is down, never a 500; pages again without a restart; nothing half written', async ({ page }) => {
  const { apiKey, site } = await signedInFan(page);
  const [game] = (await listEvents({ stream_status: 'finished', limit: 1 }, site)).items;
  const pids = (['web-1', 'web-2', 'api', 'worker-1', 'worker-2'] as const).map(pidOf);
  await page.goto(`/watch/${game.id}`);
  const follow = page.getByRole('button', { name: `Follow ${game.name}`, exact: true });
  await expect(follow).toBeVisible();

  await clusterPostgres('stop');
  try {
    // A fan's page, in another tab: the reload screen (503), from either web server.
    const tab = await page.context().newPage();
    for (let i = 0; i < 2; i++) {
      const res = await tab.goto('/profile');
      expect(res?.status()).toBe(503);
      await expect(tab.getByRole('heading', { name: 'Whoops!' })).toBeVisible();
      await expect(tab.getByText(OUTAGE)).toBeVisible();
    }
    await tab.close();
    // Each web server says its database is gone.
    for (const web of ['web-1', 'web-2'] as const) expect((await fetch(`${addressOf(web)}/healthz`)).status).toBe(503);
    // A follow sent while the database is down is refused whole.
    const answer = page.waitForResponse((res) => res.request().method() === 'POST');
    await follow.click();
    // Told at once (the reload screen), or sent back to the page, which says it: never a 500.
    expect([303, 503]).toContain((await answer).status());
    await expect(page.getByText(OUTAGE)).toBeVisible();
  } finally {
    await clusterPostgres('start');
  }

  // Back without restarting anything: every process is the one from before.
  await expect.poll(async () => (await page.request.get('/profile')).status(), { timeout: 30_000, intervals: [500] }).toBe(200);
  expect((['web-1', 'web-2', 'api', 'worker-1', 'worker-2'] as const).map(pidOf)).toEqual(pids);
  const follows = (await (await fetch(`${site.channelApiUrl}/favorites?api_key=${encodeURIComponent(apiKey)}`)).json()) as { data: unknown[] };
  expect(follows.data, 'the follow refused during the outage was not written').toEqual([]);
  await page.goto(`/watch/${game.id}`);
  await follow.click();
  await expect(page.getByRole('button', { name: `Following ${game.name}`, exact: true })).toBeVisible();
});

/* What the purchase specs buy and check, read from the channel API the e2e web server uses: a paid
   event with its single-event package, the season passes and the team pass, and the fan's orders;
   and paying on the sandbox provider's test checkout like a fan (it is plain HTML). Where a helper
   takes a site (site.ts), it reads a second site's channel API instead. */
import type { Page } from '@playwright/test';
import { OUTBOX } from './accounts.ts';
import { finishedEvent } from './channel.ts';
import { E2E_SITE, type Site } from './site.ts';
import { CHANNEL_API_URL, WEB_URL } from './urls.ts';
import type { SavedCard } from '../../../contract/billing.ts';
import { SANDBOX_CARDS } from '../../../contract/checkout.ts';
import type { Event, Package, Subscription } from '../../../contract/entities.ts';
import type { Order } from '../../../contract/orders.ts';
import { waitForMail } from '../../support/outbox.ts';

export const CARDS = SANDBOX_CARDS;

async function getJson<T>(path: string, site: Site = E2E_SITE): Promise<T> {
  const res = await fetch(`${site.channelApiUrl}${path}`);
  if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const packages = async (site: Site = E2E_SITE) => (await getJson<{ data: Package[] }>('/packages', site)).data;

/** A finished paid event (it plays once bought) and the single-event package that sells it. */
export async function paidEvent(site: Site = E2E_SITE): Promise<{ event: Event; ticket: Package }> {
  const event = await finishedEvent('paid', site);
  const ticket = (await packages(site)).find((p) => p.type === 'event' && p.event_categories.some((c) => event.event_categories.some((ec) => ec.id === c)));
  if (!ticket) throw new Error(`no single-event package sells event ${event.id}`);
  return { event, ticket };
}

export async function seasonPass(): Promise<Package> {
  const found = (await packages()).find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass);
  if (!found) throw new Error('the demo channel sells no season pass');
  return found;
}

export async function teamPass(): Promise<Package> {
  const found = (await packages()).find((p) => p.is_team_pass);
  if (!found) throw new Error('the demo channel sells no team pass');
  return found;
}

/** The fan's orders (their channel session's api key), newest first. */
export async function ordersOf(apiKey: string, site: Site = E2E_SITE): Promise<Order[]> {
  return (await getJson<{ data: Order[] }>(`/orders?no_limit=1&api_key=${encodeURIComponent(apiKey)}`, site)).data;
}

/** The fan's saved cards, newest first. */
export async function cardsOf(apiKey: string): Promise<SavedCard[]> {
  return (await getJson<{ data: SavedCard[] }>(`/stripe/list-cards?api_key=${encodeURIComponent(apiKey)}`)).data;
}

/** Saves a test card for the fan as "Add a card" does (setup-intent, then the sandbox's page
 *  through the web server), for specs and fuzz that need one; answers its id. */
export async function saveCard(apiKey: string, card: string): Promise<string> {
  const setup = await fetch(`${CHANNEL_API_URL}/stripe/setup-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: apiKey }),
  });
  const { data } = (await setup.json()) as { data: { redirect_url: string } };
  const saved = await fetch(new URL(data.redirect_url, WEB_URL), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: WEB_URL },
    body: new URLSearchParams({ card_number: card, card_expiry: '12 / 34', card_cvc: '123' }).toString(),
  });
  if (saved.status !== 303) throw new Error(`add-card → ${saved.status}`);
  const [newest] = await cardsOf(apiKey);
  return newest.id;
}

/** Starts a purchase over the channel API (`path`: /stripe/buy or /stripe/buy_bundle) and pays it on
 *  the sandbox checkout with a good card, as the web app and a browser would. */
async function buyAndPay(apiKey: string, path: string, params: Record<string, unknown>, site: Site = E2E_SITE): Promise<void> {
  const res = await fetch(`${site.channelApiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      api_key: apiKey,
      ...params,
      idempotency_key: `buy${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(20, 'x'),
    }),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { redirect_url: string } };
  const paid = await fetch(`${site.channelApiUrl}${new URL(data.redirect_url, site.url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: CARDS.success, card_expiry: '12 / 34', card_cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox pay → ${paid.status}`);
}

/** Buys and pays a single event for the fan over the channel API, as the web app and a browser
 *  would (for specs about what a buyer gets, not about buying). */
export async function buyEvent(apiKey: string, event: Event, ticket: Package, site: Site = E2E_SITE): Promise<void> {
  await buyAndPay(apiKey, '/stripe/buy', { event_id: event.id, package_id: ticket.id }, site);
}

/** Makes the fan a subscriber of `plan` (by default the channel's first subscription), paid now:
 *  what a subscription grants (the demo: watching, clips, downloads) for specs about those. */
export async function subscribe(apiKey: string, plan?: Subscription, site: Site = E2E_SITE): Promise<Subscription> {
  const sub = plan ?? (await subscriptions(site))[0];
  if (!sub) throw new Error('the demo channel sells no subscription');
  await buyAndPay(apiKey, '/stripe/buy', { subscription_id: sub.id }, site);
  return sub;
}

/** Gives the fan one choice of a pass (by default the season pass's first category; a team pass
 *  takes a team): the demo's passes watch and clip, and do not download. */
export async function buyPass(apiKey: string, given?: Package, choice?: number): Promise<Package> {
  const pass = given ?? (await seasonPass());
  await buyAndPay(apiKey, '/stripe/buy_bundle', {
    package_id: pass.id,
    [pass.is_team_pass ? 'participant_ids' : 'event_category_ids']: [choice ?? pass.event_categories[0]],
  });
  return pass;
}

/** Whether the channel lets this fan watch the event. */
export async function canWatch(apiKey: string, eventId: number): Promise<boolean> {
  return (await getJson<{ data: { has_access: boolean } }>(`/events/${eventId}?api_key=${encodeURIComponent(apiKey)}`)).data.has_access;
}

/** Fills the sandbox checkout's card form and pays, as a fan does. */
export async function payOnSandbox(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^(Pay |Subscribe for |Start free trial)/ }).click();
}

export async function subscriptions(site: Site = E2E_SITE): Promise<Subscription[]> {
  return (await getJson<{ data: Subscription[] }>('/subscriptions', site)).data;
}

/** Moves the fan's test clock on the sandbox provider (what `npm run sandbox:clock` does). */
export async function advanceClock(email: string, days: number): Promise<void> {
  const res = await fetch(`${CHANNEL_API_URL}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, advance_seconds: Math.round(days * 86_400) }),
  });
  if (!res.ok) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

/** A paid gift of the season pass's first choice from the fan with `apiKey` to `to`, bought and
 *  paid over the channel API as the web app and a browser would: the path of its mailed link. */
export async function paidGiftPath(apiKey: string, to: string): Promise<string> {
  const pass = await seasonPass();
  const res = await fetch(`${CHANNEL_API_URL}/stripe/buy_bundle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      api_key: apiKey,
      package_id: pass.id,
      event_category_ids: [pass.event_categories[0]],
      gift_email: to,
      idempotency_key: `gift${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(20, 'x'),
    }),
  });
  if (!res.ok) throw new Error(`buy_bundle → ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { redirect_url: string } };
  const since = Date.now();
  const paid = await fetch(new URL(data.redirect_url, CHANNEL_API_URL), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: CARDS.success, card_expiry: '12 / 34', card_cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox pay → ${paid.status}`);
  const mail = await waitForMail(OUTBOX, { to, subject: 'gave you a gift', after: since });
  return new URL(mail.links.find((l) => new URL(l).pathname.startsWith('/gift/'))!).pathname;
}

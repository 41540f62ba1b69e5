import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local fake of the Stripe API for tests and the bench (PAYMENTS.md section 7): only what the
 * channel API calls with stripe@23 (`customers.create`, `.retrieve`, `.listPaymentMethods`,
 * `checkout.sessions.create` (payment, subscription and setup modes), `.retrieve`, `.expire`,
 * `paymentMethods.retrieve`, `.detach`, `paymentIntents.create`, `.retrieve`, `.cancel`), answered in Stripe's shapes and with Stripe's errors, over http on loopback. It
 * remembers what it made (stripe-mock does not, so it cannot drive a flow), honours
 * Idempotency-Key as Stripe does (the same key again answers the first response; with other
 * parameters it is refused), checks the secret key, and records every request so a test can
 * assert what was sent. Tests play the fan and Stripe's side: pay or expire a session, build an
 * event and sign it as Stripe signs webhooks.
 */

/** A form-encoded body decoded the way Stripe reads it: `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`; values stay strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  /** The path without the query (`/v1/checkout/sessions/cs_test_…/expire`). */
  path: string;
  query: Form;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Form;
  /** What the fake answered. */
  status: number;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}

/** A saved card (a PaymentMethod of type card); `number` is the fake's own: which test card it is. */
export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  created: number;
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
  metadata: Record<string, string>;
  description: string | null;
  client_secret: string;
  created: number;
  livemode: false;
}

export interface FakeLineItem {
  quantity: number;
  currency: string;
  unitAmount: number;
  name: string;
  recurring: { interval: string; interval_count: number } | null;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Only while open, as on Stripe. */
  url: string | null;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  currency: string | null;
  amount_subtotal: number;
  amount_total: number;
  payment_intent: string | null;
  subscription: string | null;
  setup_intent: string | null;
  ui_mode: string;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: FakeSession | FakePaymentIntent };
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: the channel API's STRIPE_API_URL. */
  url: string;
  secretKey: string;
  /** Every request, oldest first. */
  requests: RecordedRequest[];
  /** The requests since `from` (an index into `requests`), optionally only one method and path. */
  requestsSince(from: number, method?: string, path?: string | RegExp): RecordedRequest[];
  customers: Map<string, FakeCustomer>;
  sessions: Map<string, FakeSession>;
  /** The line items a session was made with (Stripe lists them at /line_items; we only keep them). */
  lineItems: Map<string, FakeLineItem[]>;
  paymentMethods: Map<string, FakePaymentMethod>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** The session, or an error naming the unknown id. */
  session(id: string): FakeSession;
  /** A test card saved to a customer (as "Add a card" or a subscription would). */
  attachCard(customerId: string, number: string, allowRedisplay?: FakePaymentMethod['allow_redisplay']): FakePaymentMethod;
  /** The fan enters a card on a setup-mode session: saved with the session's allow_redisplay. */
  completeSetup(sessionId: string, number: string): FakePaymentMethod;
  /** The fan answers the bank's 3-D Secure page of a PaymentIntent. */
  authenticate(paymentIntentId: string, ok: boolean): FakePaymentIntent;
  /** An event about a PaymentIntent as Stripe sends it. */
  paymentIntentEvent(type: string, paymentIntentId: string): FakeEvent;
  /** The fan pays on Stripe's page: complete, paid (or another payment status: an async method still pending). */
  pay(id: string, paymentStatus?: FakeSession['payment_status']): FakeSession;
  /** The session's 24 hours are over (or the fan left and it was expired). */
  expire(id: string): FakeSession;
  /** An event as Stripe sends it, about the session as the fake has it now (or as `session` says). */
  event(type: string, sessionId: string, opts?: { id?: string; created?: number; session?: FakeSession }): FakeEvent;
  /** The body and Stripe-Signature header of an event, signed like Stripe's webhooks (`timestamp` in seconds). */
  sign(event: FakeEvent | string, secret: string, opts?: { timestamp?: number }): { payload: string; signature: string };
  /** Stops listening and drops every connection: Stripe unreachable (connection refused). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = 'sk_test_offline';

const randomId = (prefix: string, length = 24) =>
  `${prefix}${randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)}`;

/** Stripe's form encoding (qs with indexed brackets), decoded. */
export function decodeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [key];
    let node: FormValue = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const container = node as Record<string, FormValue> & FormValue[];
      const name = Array.isArray(container) && segment === '' ? String(container.length) : segment;
      if (last) container[name as never] = value as never;
      else {
        container[name as never] ??= (nextIsIndex ? [] : {}) as never;
        node = container[name as never];
      }
    });
  }
  return root;
}

interface StripeError {
  status: number;
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: FakePaymentIntent;
}

class Refusal extends Error {
  constructor(readonly error: StripeError) {
    super(error.message);
  }
}

const missingParam = (param: string) =>
  new Refusal({ status: 400, type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
const invalid = (param: string, message: string) => new Refusal({ status: 400, type: 'invalid_request_error', code: 'parameter_invalid', param, message });
const noSuch = (kind: string, id: string) =>
  new Refusal({ status: 404, type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });

const asString = (v: FormValue | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);
const asRecord = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
const asInteger = (v: FormValue | undefined, param: string): number => {
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(param, `Invalid integer: ${String(v)}`);
  return Number(v);
};

export async function startFakeStripe(opts: { secretKey?: string; port?: number } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? FAKE_STRIPE_KEY;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeSession>();
  const lineItems = new Map<string, FakeLineItem[]>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  /** Which test card each PaymentMethod is: decides what charging it does. */
  const cardNumbers = new Map<string, string>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  /** What a setup session's card is saved with (payment_method_data[allow_redisplay]; Checkout's own default otherwise). */
  const setupRedisplay = new Map<string, string>();
  /** Idempotency-Key → the first request's parameters and answer (Stripe keeps them 24 hours). */
  const replays = new Map<string, { method: string; path: string; params: string; status: number; body: unknown }>();
  const now = () => Math.floor(Date.now() / 1000);

  function createCustomer(body: Form): FakeCustomer {
    const customer: FakeCustomer = {
      id: randomId('cus_', 14),
      object: 'customer',
      email: asString(body.email),
      metadata: asRecord(body.metadata),
      invoice_settings: { default_payment_method: null },
      created: now(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function customer(id: string): FakeCustomer {
    const found = customers.get(id);
    if (!found) throw noSuch('customer', id);
    return found;
  }

  function attachCard(customerId: string, number: string, allowRedisplay: FakePaymentMethod['allow_redisplay'] = 'always'): FakePaymentMethod {
    customer(customerId);
    const pm: FakePaymentMethod = {
      id: randomId('pm_', 24),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      allow_redisplay: allowRedisplay,
      card: { brand: number.startsWith('5') ? 'mastercard' : 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
      created: now(),
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    cardNumbers.set(pm.id, number);
    return pm;
  }

  function paymentMethod(id: string): FakePaymentMethod {
    const found = paymentMethods.get(id);
    if (!found) throw noSuch('PaymentMethod', id);
    return found;
  }

  /** Newest first, as Stripe lists them; `allow_redisplay` filters like Stripe's parameter. */
  function listPaymentMethods(customerId: string, query: Form) {
    customer(customerId);
    const redisplay = asString(query.allow_redisplay);
    const data = [...paymentMethods.values()]
      .filter((pm) => pm.customer === customerId && (!redisplay || pm.allow_redisplay === redisplay))
      .sort((a, b) => b.created - a.created);
    return { object: 'list', data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
    '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  };

  /** PaymentIntent create with confirm: Stripe's test cards on-session. A decline is a 402
   *  card_error that carries the PaymentIntent, as Stripe answers. */
  function createPaymentIntent(body: Form): FakePaymentIntent {
    const amount = asInteger(body.amount, 'amount');
    const currency = asString(body.currency);
    if (!currency) throw missingParam('currency');
    const customerId = asString(body.customer);
    if (customerId) customer(customerId);
    const pmId = asString(body.payment_method);
    const pm = pmId ? paymentMethod(pmId) : null;
    if (pm && pm.customer !== customerId)
      throw invalid('payment_method', `The provided PaymentMethod ${pm.id} does not belong to the Customer ${customerId ?? '(none)'}.`);
    const id = randomId('pi_', 24);
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      customer: customerId,
      payment_method: pmId,
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: null,
      metadata: asRecord(body.metadata),
      description: asString(body.description),
      client_secret: `${id}_secret_${randomId('', 24)}`,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, intent);
    if (body.confirm !== 'true' || !pm) return intent;
    const number = cardNumbers.get(pm.id) ?? '';
    const decline = DECLINES[number];
    if (decline) {
      intent.last_payment_error = { type: 'card_error', ...decline };
      throw new Refusal({
        status: 402,
        type: 'card_error',
        code: decline.code,
        decline_code: decline.decline_code,
        message: decline.message,
        payment_intent: intent,
      });
    }
    if (number === '4000002500003155' && body.off_session !== 'true') {
      const returnUrl = asString(body.return_url);
      if (!returnUrl) throw missingParam('return_url');
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${id}`, return_url: returnUrl },
      };
      return intent;
    }
    intent.status = 'succeeded';
    return intent;
  }

  function paymentIntent(id: string): FakePaymentIntent {
    const found = paymentIntents.get(id);
    if (!found) throw noSuch('payment_intent', id);
    return found;
  }

  function cancelPaymentIntent(id: string): FakePaymentIntent {
    const pi = paymentIntent(id);
    if (pi.status === 'succeeded' || pi.status === 'canceled')
      throw new Refusal({
        status: 400,
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
      });
    return Object.assign(pi, { status: 'canceled' as const, next_action: null });
  }

  function createSession(body: Form): FakeSession {
    const mode = asString(body.mode);
    if (!mode) throw missingParam('mode');
    if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup')
      throw invalid('mode', `Invalid mode: must be one of payment, setup, or subscription`);
    const customer = asString(body.customer);
    if (customer && !customers.has(customer)) throw noSuch('customer', customer);
    const rawItems = body.line_items ?? [];
    if (!Array.isArray(rawItems)) throw invalid('line_items', 'Invalid array');
    if (mode !== 'setup' && rawItems.length === 0) throw missingParam('line_items');
    if (mode === 'setup' && !asString(body.currency)) throw missingParam('currency');
    const items = rawItems.map((raw, i): FakeLineItem => {
      const item = (raw ?? {}) as Form;
      const priceData = item.price_data as Form | undefined;
      if (!priceData) throw missingParam(`line_items[${i}][price_data]`);
      const currency = asString(priceData.currency);
      if (!currency) throw missingParam(`line_items[${i}][price_data][currency]`);
      const productData = priceData.product_data as Form | undefined;
      const name = asString(productData?.name);
      if (!name) throw missingParam(`line_items[${i}][price_data][product_data][name]`);
      const recurring = priceData.recurring as Form | undefined;
      return {
        quantity: asInteger(item.quantity ?? '1', `line_items[${i}][quantity]`),
        currency,
        unitAmount: asInteger(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`),
        name,
        recurring: recurring
          ? {
              interval: asString(recurring.interval) ?? '',
              interval_count: asInteger(recurring.interval_count ?? '1', `line_items[${i}][price_data][recurring][interval_count]`),
            }
          : null,
      };
    });
    if (mode === 'subscription' && !items.some((i) => i.recurring)) {
      throw invalid('line_items', 'You must provide at least one recurring price in `subscription` mode when using prices.');
    }
    if (mode === 'payment' && items.some((i) => i.recurring)) {
      throw invalid(
        'line_items',
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    if (new Set(items.map((i) => i.currency)).size > 1) throw invalid('line_items', 'All line items must use the same currency.');
    const successUrl = asString(body.success_url);
    if (!successUrl) throw missingParam('success_url');
    const total = items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
    const id = randomId('cs_test_', 58);
    const created = now();
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      customer,
      client_reference_id: asString(body.client_reference_id),
      metadata: asRecord(body.metadata),
      success_url: successUrl,
      cancel_url: asString(body.cancel_url),
      currency: items[0]?.currency ?? asString(body.currency),
      amount_subtotal: total,
      amount_total: total,
      payment_intent: null,
      subscription: null,
      setup_intent: null,
      ui_mode: asString(body.ui_mode) ?? 'hosted_page',
      created,
      expires_at: body.expires_at ? asInteger(body.expires_at, 'expires_at') : created + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    lineItems.set(id, items);
    setupRedisplay.set(id, asString((body.payment_method_data as Form | undefined)?.allow_redisplay) ?? 'limited');
    return session;
  }

  function session(id: string): FakeSession {
    const found = sessions.get(id);
    if (!found) throw noSuch('checkout.session', id);
    return found;
  }

  function expireSession(id: string): FakeSession {
    const s = session(id);
    if (s.status !== 'open') {
      throw new Refusal({ status: 400, type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in ["open"] can be expired.' });
    }
    Object.assign(s, { status: 'expired', url: null });
    return s;
  }

  function route(method: string, path: string, body: Form, query: Form): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: createCustomer(body) };
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(body) };
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one && method === 'GET' && !one[2]) return { status: 200, body: session(decodeURIComponent(one[1])) };
    if (one && method === 'POST' && one[2]) return { status: 200, body: expireSession(decodeURIComponent(one[1])) };
    const cus = /^\/v1\/customers\/([^/]+)(\/payment_methods)?$/.exec(path);
    if (cus && method === 'GET' && !cus[2]) return { status: 200, body: customer(decodeURIComponent(cus[1])) };
    if (cus && method === 'GET' && cus[2]) return { status: 200, body: listPaymentMethods(decodeURIComponent(cus[1]), query) };
    const pm = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
    if (pm && method === 'GET' && !pm[2]) return { status: 200, body: paymentMethod(decodeURIComponent(pm[1])) };
    if (pm && method === 'POST' && pm[2]) {
      const found = paymentMethod(decodeURIComponent(pm[1]));
      if (!found.customer)
        throw new Refusal({
          status: 400,
          type: 'invalid_request_error',
          message: `The payment method you provided is not attached to a customer so detachment is impossible.`,
        });
      return { status: 200, body: Object.assign(found, { customer: null }) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return { status: 200, body: createPaymentIntent(body) };
    const pi = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (pi && method === 'GET' && !pi[2]) return { status: 200, body: paymentIntent(decodeURIComponent(pi[1])) };
    if (pi && method === 'POST' && pi[2]) return { status: 200, body: cancelPaymentIntent(decodeURIComponent(pi[1])) };
    throw new Refusal({ status: 404, type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** The Bearer key, as Stripe checks it before anything else. */
  function authorize(headers: http.IncomingHttpHeaders) {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!bearer) {
      throw new Refusal({
        status: 401,
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (bearer !== secretKey) throw new Refusal({ status: 401, type: 'invalid_request_error', message: `Invalid API Key provided: ${bearer.slice(0, 8)}****` });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), [v].flat().join(', ')]));
    const body = decodeForm(Buffer.concat(chunks).toString('utf8'));
    const record: RecordedRequest = { method, path: url.pathname, query: decodeForm(url.search.slice(1)), headers, body, status: 0 };
    let answer: { status: number; body: unknown; replayed?: boolean };
    try {
      authorize(req.headers);
      const key = method === 'POST' ? headers['idempotency-key'] : undefined;
      const params = JSON.stringify(body);
      const earlier = key ? replays.get(`${secretKey}:${key}`) : undefined;
      if (earlier) {
        if (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== params) {
          throw new Refusal({
            status: 400,
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        answer = { status: earlier.status, body: earlier.body, replayed: true };
      } else {
        try {
          answer = route(method, url.pathname, body, decodeForm(url.search.slice(1)));
        } catch (error) {
          // Stripe keeps the answer of a request that started executing, errors included; a
          // refusal of the parameters themselves is not kept (it may be sent again, fixed).
          if (!(error instanceof Refusal) || error.error.code === 'parameter_missing' || error.error.code === 'parameter_invalid') throw error;
          answer = { status: error.error.status, body: errorBody(error.error) };
        }
        // A snapshot: the session changes later, its creation's answer does not.
        if (key) replays.set(`${secretKey}:${key}`, { method, path: url.pathname, params, status: answer.status, body: structuredClone(answer.body) });
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      answer = { status: error.error.status, body: errorBody(error.error) };
    }
    record.status = answer.status;
    requests.push(record);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': randomId('req_', 14),
      'stripe-version': headers['stripe-version'] ?? Stripe.API_VERSION,
      ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      ...(headers['idempotency-key'] ? { 'idempotency-key': headers['idempotency-key'] } : {}),
    });
    res.end(JSON.stringify(answer.body));
  }

  const errorBody = (e: StripeError) => ({
    error: {
      type: e.type,
      message: e.message,
      ...(e.code ? { code: e.code } : {}),
      ...(e.decline_code ? { decline_code: e.decline_code } : {}),
      ...(e.param ? { param: e.param } : {}),
      ...(e.payment_intent ? { payment_intent: structuredClone(e.payment_intent) } : {}),
    },
  });

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(errorBody({ status: 500, type: 'api_error', message: (error as Error).message })));
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(opts.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const stripe = new Stripe(secretKey);

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    requestsSince: (from, method, path) =>
      requests
        .slice(from)
        .filter((r) => (!method || r.method === method) && (path === undefined || (typeof path === 'string' ? r.path === path : path.test(r.path)))),
    customers,
    sessions,
    lineItems,
    paymentMethods,
    paymentIntents,
    attachCard,
    completeSetup: (id, number) => {
      const s = session(id);
      if (s.mode !== 'setup' || s.status !== 'open' || !s.customer) throw new Error(`session ${id} is not an open setup session with a customer`);
      const card = attachCard(s.customer, number, setupRedisplay.get(id) as FakePaymentMethod['allow_redisplay']);
      Object.assign(s, { status: 'complete' as const, payment_status: 'no_payment_required' as const, url: null, setup_intent: randomId('seti_', 24) });
      return card;
    },
    authenticate: (id, ok) => {
      const pi = paymentIntent(id);
      if (pi.status !== 'requires_action') throw new Error(`payment intent ${id} is ${pi.status}, not waiting for authentication`);
      return Object.assign(
        pi,
        ok
          ? { status: 'succeeded' as const, next_action: null }
          : {
              status: 'requires_payment_method' as const,
              next_action: null,
              last_payment_error: {
                type: 'card_error' as const,
                code: 'payment_intent_authentication_failure',
                message: 'The provided PaymentMethod has failed authentication.',
              },
            },
      );
    },
    paymentIntentEvent: (type, id) => ({
      id: randomId('evt_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(paymentIntent(id)) },
    }),
    session: (id) => {
      const found = sessions.get(id);
      if (!found) throw new Error(`the fake Stripe has no session ${id}`);
      return found;
    },
    pay: (id, paymentStatus = 'paid') => {
      const s = session(id);
      if (s.status !== 'open') throw new Error(`session ${id} is ${s.status}, not open`);
      return Object.assign(s, {
        status: 'complete' as const,
        payment_status: paymentStatus,
        url: null,
        payment_intent: s.mode === 'payment' ? randomId('pi_', 24) : null,
        subscription: s.mode === 'subscription' ? randomId('sub_', 24) : null,
      });
    },
    expire: (id) => expireSession(id),
    event: (type, sessionId, eventOpts = {}) => ({
      id: eventOpts.id ?? randomId('evt_', 24),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: eventOpts.created ?? now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(eventOpts.session ?? session(sessionId)) },
    }),
    sign: (event, secret, signOpts = {}) => {
      const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
      return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: signOpts.timestamp }) };
    },
    stop,
    start: async () => {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}

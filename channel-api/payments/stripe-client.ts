import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { webUrl } from '../web-links.ts';

/* The Stripe client, and what every part of the Stripe provider shares: our pages' whole
   addresses, the fan's customer, and how a read or an ending that finds nothing is answered. */

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Another Stripe API origin (tests: a local fake over http); default api.stripe.com. */
  apiUrl?: string;
}

export function stripeClient(opts: StripeOptions): Stripe {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: api ? 0 : 2,
    timeout: 30_000,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)), protocol: api.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

export interface StripeContext {
  stripe: Stripe;
  /** Stripe needs whole addresses to send the fan back to: our paths on PUBLIC_URL's origin (ADR 029). */
  ours(path: string): string;
  /** The fan's customer, made once (the first purchase or card). */
  customerOf(fan: { userId: number; email: string; stripeCustomerId: string | null }, channelId: number): Promise<string>;
}

export function stripeContext(stripe: Stripe, opts: { publicUrl: string }): StripeContext {
  return {
    stripe,
    ours: (path) => webUrl(opts.publicUrl, path),
    async customerOf(fan, channelId) {
      if (fan.stripeCustomerId) return fan.stripeCustomerId;
      const made = await stripe.customers.create(
        { email: fan.email, metadata: { user_id: String(fan.userId) } },
        // One customer per fan, even when two purchases start at once. The address is in the key
        // because Stripe's keys are per account: another database on it (a reset one, staging)
        // has a user of the same id, and the same key with another address is refused for 24 hours.
        { idempotencyKey: `customer-${channelId}-${fan.userId}-${createHash('sha256').update(fan.email).digest('hex').slice(0, 32)}` },
      );
      return made.id;
    },
  };
}

/** A read of something Stripe does not have (a 404) is null; any other error is thrown. */
export async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as { statusCode?: number })?.statusCode === 404) return null;
    throw error;
  }
}

/** Ending a checkout or a payment that is over already (complete, expired, succeeded, canceled)
 *  is nothing to do: Stripe refuses it as an invalid request. */
export async function unlessEnded(end: () => Promise<unknown>): Promise<void> {
  try {
    await end();
  } catch (error) {
    if ((error as { type?: string })?.type !== 'StripeInvalidRequestError') throw error;
  }
}

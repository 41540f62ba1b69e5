import { currencyDigits } from '#contract/money';

/* The Google tag (gtag.js) of a channel that sets `google-analytics` (ADR 051): its id, the
   bootstrap that starts it from our own origin (public/google-tag.js), and the one event we send
   ourselves, a paid order's `purchase`. */

/** Our bootstrap (a static file, cached an hour): consent defaults, then `config`, then gtag.js. */
export const GOOGLE_TAG_SCRIPT = '/google-tag.js';

/** Ids of a Google tag: a GA4 measurement id (G-…), a Google tag (GT-…), Google Ads (AW-…), Floodlight (DC-…). */
const TAG_ID = /^(?:G|GT|AW|DC)-[A-Z0-9]{4,20}$/;

/** The channel's `google-analytics` setting as a tag id, or null: no tag (unset, or not an id). */
export function googleTagId(setting: string | null | undefined): string | null {
  const id = setting?.trim().toUpperCase() ?? '';
  return TAG_ID.test(id) ? id : null;
}

/** The consent fields of Google's consent mode v2, all four together. */
export function consentFields(state: 'granted' | 'denied') {
  return { ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: state } as const;
}

export interface PurchaseEvent {
  transaction_id: string;
  /** Major units (GA4 reads 5.25 as $5.25): the order's minor units over its currency's digits (ADR 043). */
  value: number;
  currency: string;
}

/** A paid order's `purchase` event. */
export function purchaseEvent(order: { id: number; amount: number; currency: string | null | undefined }): PurchaseEvent {
  const digits = currencyDigits(order.currency);
  const code = (order.currency ?? '').trim().toUpperCase();
  return {
    transaction_id: String(order.id),
    value: Math.round(Math.max(0, order.amount)) / 10 ** digits,
    currency: /^[A-Z]{3}$/.test(code) ? code : 'USD',
  };
}

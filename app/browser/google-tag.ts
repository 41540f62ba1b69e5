import { consentFields, type PurchaseEvent } from '~/domain/google-tag';

/* The app's calls to the Google tag that public/google-tag.js started (ADR 051). Without the tag
   (the channel has none, or the bootstrap did not load) they do nothing. */

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** The visitor's choice on the cookie notice, told to the tag at once (no reload). */
export function updateConsent(choice: 'granted' | 'denied'): void {
  window.gtag?.('consent', 'update', consentFields(choice));
}

const SENT_PREFIX = 'fh-purchase-sent:';

/** A paid order's `purchase`, once per order in this browser: a reload or a second visit of the
 *  order's page sends nothing (Google also de-duplicates on transaction_id). */
export function sendPurchaseOnce(purchase: PurchaseEvent): void {
  const gtag = window.gtag;
  if (!gtag) return;
  const key = `${SENT_PREFIX}${purchase.transaction_id}`;
  try {
    if (window.localStorage.getItem(key)) return;
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Storage refused (a private window's quota, a policy): send; Google de-duplicates.
  }
  gtag('event', 'purchase', purchase);
}

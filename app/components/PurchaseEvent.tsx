import { useEffect } from 'react';
import { sendPurchaseOnce } from '~/browser/google-tag';
import type { PurchaseEvent as Purchase } from '~/domain/google-tag';

/** Tells the channel's Google tag about a paid order, once per order in this browser (ADR 051).
 *  Renders nothing; without JavaScript there is no tag to tell. */
export function PurchaseEvent({ purchase }: { purchase: Purchase }) {
  const { transaction_id, value, currency } = purchase;
  useEffect(() => sendPurchaseOnce({ transaction_id, value, currency }), [transaction_id, value, currency]);
  return null;
}

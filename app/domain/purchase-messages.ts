import { GIFT_REFUSAL_CODES, type RefusalCode } from '#contract';
import type { Refusal } from '~/channel/refusal.server';
import { USER_MSG } from './auth-messages';

/* What a fan reads when the channel refuses a purchase: the spec's own words ('id not selected',
 * 'Pass not found', 'You already bought this {type}.') and the channel's purchase and gift reasons
 * as they are (written for people); anything else is the spec's generic message. Chosen by the
 * refusal's code, never by its English message. */

const SHOWN_AS_IS = new Set<RefusalCode>([
  'not_selected',
  'not_found',
  'already_bought',
  'not_for_sale',
  'not_covered',
  'not_a_choice',
  'needs_regular_pass',
  ...GIFT_REFUSAL_CODES,
]);

export function purchaseMessage(refusal: Pick<Refusal, 'kind' | 'code' | 'message'>): string {
  if (refusal.kind === 'outage') return refusal.code === 'payment_provider_unavailable' ? refusal.message : USER_MSG.outage;
  return SHOWN_AS_IS.has(refusal.code) ? refusal.message : USER_MSG.generic;
}

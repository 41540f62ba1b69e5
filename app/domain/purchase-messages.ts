import { DECLINE_MSG } from '#contract/checkout';
import { GIFT_MSG } from '#contract/gifts';
import { ORDER_MSG } from '#contract/orders';
import { USER_MSG } from './auth-messages';

/* What a fan reads when the channel refuses a purchase: the spec's own words ('id not selected',
 * 'Pass not found', 'You already bought this {type}.') and the channel's purchase reasons as they
 * are (written for people); anything else is the spec's generic message. */

const SHOWN_AS_IS = new Set<string>([
  ORDER_MSG.idNotSelected,
  ORDER_MSG.passNotFound,
  ORDER_MSG.freeEvent,
  ORDER_MSG.notCovered,
  ORDER_MSG.notAChoice,
  ORDER_MSG.needsRegularPass,
  ORDER_MSG.orderNotFound,
  'Event not found',
  ...Object.values(DECLINE_MSG),
  ...(Object.values(GIFT_MSG).filter((m) => typeof m === 'string') as string[]),
]);
const ALREADY_BOUGHT = /^You already bought this (event|package|subscription)\.$/;

export function purchaseMessage(message: string, status: number): string {
  if (status >= 500) return message === ORDER_MSG.providerUnavailable ? message : USER_MSG.outage;
  return SHOWN_AS_IS.has(message) || ALREADY_BOUGHT.test(message) ? message : USER_MSG.generic;
}

import { z } from 'zod';
import { emailField } from './auth.ts';
import { apiGet, endpoint, envelope, id } from './http.ts';
import { order } from './orders.ts';

/* Giving a pass (issue 11, ADR 019): the buyer's fields, the gift as its recipient reads it,
   redeeming it and sending it again. */

/** The words of gifting a pass. */
export const GIFT_MSG = {
  notGiftable: 'Only passes and packages can be given as gifts.',
  addOn: "An add-on pass cannot be given as a gift: it needs the recipient's own regular pass.",
  ownEmail: "Enter someone else's email: a gift is for another fan.",
  recipientRequired: "Enter the recipient's email",
  messageTooLong: (max: number) => `The message must be at most ${max} characters.`,
  messagePlain: 'The message must be plain text.',
  notFound: 'This gift was not found.',
  redeemed: 'This gift has already been redeemed.',
  ownGift: 'You gave this gift: only the fan you gave it to can redeem it.',
  alreadyHave: 'You already have this pass.',
  notPaid: 'This gift is not paid yet: its link is mailed once it is.',
  justMailed: 'We mailed this gift less than a minute ago. You can send it again in a minute.',
} as const;

export const GIFT_MESSAGE_MAX = 300;

/** The buyer's short message: plain text, line breaks allowed, no other control characters. */
export const giftMessage = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v),
  z
    .string()
    .max(GIFT_MESSAGE_MAX, GIFT_MSG.messageTooLong(GIFT_MESSAGE_MAX))
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), GIFT_MSG.messagePlain),
);

/** Buying as a gift: the recipient's address (they are mailed the redeem link) and a message. */
export const giftParams = {
  gift_email: emailField.optional(),
  gift_message: giftMessage.optional(),
};

/** A gift's redeem token as it is mailed: 32 random bytes, base64url. */
export const giftToken = z.string({ required_error: GIFT_MSG.notFound }).regex(/^[A-Za-z0-9_-]{43}$/, GIFT_MSG.notFound);

export const gift = z.object({
  /** What is given, as the summary named it, and each choice of it. */
  product: z.string(),
  items: z.array(z.string()),
  /** Who gave it (their name, else their address), to which address, and their message. */
  from: z.string(),
  recipient_email: z.string(),
  message: z.string(),
  redeemed: z.boolean(),
  /** The caller is its buyer (who cannot redeem it). */
  given_by_you: z.boolean(),
});
export type Gift = z.infer<typeof gift>;

/** A gift, by the token of its mailed link: what it is, from whom, and whether it was redeemed.
 *  The link is the proof: any signed-in fan holding it may read it. */
export const giftDetail = apiGet('giftDetail', '/gifts/:token', gift, z.object({ token: giftToken }).strict());

/** Redeems a gift for the signed-in fan, once: their own paid, active order of the pass (the
 *  first, when a package gives several choices). */
export const redeemGift = endpoint({
  name: 'redeemGift',
  method: 'POST',
  path: '/gifts/redeem',
  auth: 'apiKey',
  params: z.object({ token: giftToken }).strict(),
  response: envelope(order),
});

/** Mails an unredeemed gift again, for its buyer (the order is the buyer's record of it): to the
 *  same address or a corrected one. A new link is made, and the one mailed before stops working. */
export const resendGift = endpoint({
  name: 'resendGift',
  method: 'POST',
  path: '/gifts/resend',
  auth: 'apiKey',
  params: z.object({ order_id: id, recipient_email: emailField }).strict(),
  response: envelope(order),
});

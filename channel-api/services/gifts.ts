import { randomBytes } from 'node:crypto';
import { GIFT_MSG, type Gift } from '../../contract/gifts.ts';
import { ORDER_MSG, type Order } from '../../contract/orders.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { accountLocale } from '../mail/account-locale.ts';
import { deliver } from '../mail/index.ts';
import { mailTranslator } from '../mail/messages.ts';
import { packageById } from '../repo/catalogue.ts';
import { channelById } from '../repo/channels.ts';
import { claimGift, claimGiftResend, giftByTokenHash, giftOfPurchase, giftOrdersOf, insertRedeemedOrders, setGiftTokenHash } from '../repo/gifts.ts';
import { orderOfUser, ownedChoices } from '../repo/orders.ts';
import type { NewGift } from '../repo/purchases.ts';
import { hashToken } from '../repo/tokens.ts';
import { userByEmail, userById, type UserRow } from '../repo/users.ts';
import { webPaths, webUrl } from '../web-links.ts';

/*
 * Giving a pass (ADR 019). The buyer pays for a pass or package as usual, with the recipient's
 * address and a message; their orders are records that give them no access. When the purchase is
 * paid the recipient is mailed a redeem link (32 random bytes; only the sha256 is kept). The link
 * is the proof: any signed-in fan holding it may redeem it, once, but not its buyer; redeeming
 * gives that fan their own paid, active orders of it.
 */

/** The gift of a buy or buy_bundle call, checked before anything is planned; null: not a gift. */
export function giftOf(buyer: UserRow, email: string | undefined, message: string | undefined): NewGift | null {
  if (email === undefined) {
    if (message) throw new HttpError(400, 'gift_recipient_required', GIFT_MSG.recipientRequired, { gift_email: [GIFT_MSG.recipientRequired] });
    return null;
  }
  if (email.toLowerCase() === buyer.email.toLowerCase()) throw new HttpError(400, 'gift_own_email', GIFT_MSG.ownEmail, { gift_email: [GIFT_MSG.ownEmail] });
  return { recipientEmail: email, message: message ?? '' };
}

const notFound = () => new HttpError(404, 'not_found', GIFT_MSG.notFound, { token: [GIFT_MSG.notFound] });

/** A paid gift of the caller's channel, by its token; anything else does not exist. */
async function paidGift(deps: Deps, caller: Caller, token: string) {
  const found = await giftByTokenHash(deps.db, caller.channel.id, hashToken(token));
  if (!found || found.purchase.status !== 'paid') throw notFound();
  return found;
}

const nameOf = (user: UserRow | undefined) => (user ? `${user.firstName} ${user.lastName}`.trim() || user.email : 'A fan');

/** GET /gifts/{token}: what the gift is, from whom, and whether it was redeemed. */
export async function giftView(deps: Deps, caller: Caller, user: UserRow, token: string): Promise<Gift> {
  const { gift, purchase } = await paidGift(deps, caller, token);
  const given = await giftOrdersOf(deps.db, purchase.id);
  const pkg = given[0]?.productId ? await packageById(deps.db, caller.channel.id, given[0].productId) : undefined;
  return {
    product: pkg?.name ?? given[0]?.product.name ?? 'A pass',
    items: given.map((o) => o.product.name),
    from: nameOf(gift.buyerId ? await userById(deps.db, gift.buyerId) : undefined),
    recipient_email: gift.recipientEmail,
    message: gift.message,
    redeemed: gift.redeemedAt !== null,
    given_by_you: gift.buyerId === user.id,
  };
}

/** POST /gifts/redeem: the fan's own orders of the gift, once; refused, nothing changes. */
export async function redeem(deps: Deps, caller: Caller, user: UserRow, token: string): Promise<Order> {
  const { gift, purchase } = await paidGift(deps, caller, token);
  if (gift.redeemedAt) throw new HttpError(409, 'gift_redeemed', GIFT_MSG.redeemed);
  if (gift.buyerId === user.id) throw new HttpError(409, 'gift_own', GIFT_MSG.ownGift);
  const given = await giftOrdersOf(deps.db, purchase.id);
  if (given.length === 0 || given[0].productId === null) throw notFound();
  // What the fan owns of each product given (a pass, and an add-on bought with it).
  const products = [...new Set(given.map((o) => o.productId).filter((id): id is number => id !== null))];
  const ownedOf = new Map(await Promise.all(products.map(async (id) => [id, await ownedChoices(deps.db, user.id, id)] as const)));
  const has = (o: (typeof given)[number]) => {
    const owned = o.productId === null ? undefined : ownedOf.get(o.productId);
    if (!owned) return false;
    return (
      (o.eventCategoryId !== null && owned.categories.includes(o.eventCategoryId)) || (o.participantId !== null && owned.participants.includes(o.participantId))
    );
  };
  // The gift stays unredeemed: it can still be passed on to someone who has not got the pass.
  if (given.some(has)) throw new HttpError(409, 'gift_already_have', GIFT_MSG.alreadyHave);
  const now = new Date();
  const first = await deps.db.transaction(async (tx) => {
    if (!(await claimGift(tx, gift.id, user.id, now))) throw new HttpError(409, 'gift_redeemed', GIFT_MSG.redeemed);
    return (await insertRedeemedOrders(tx, gift.id, user.id, given, now))[0];
  });
  return (await orderOfUser(deps.db, user.id, first.id))!.out;
}

/** POST /gifts/resend: the buyer mails an unredeemed gift again, to the same address or a
 *  corrected one (a mistyped address, a mail lost to a spam folder). A new link is made, so the
 *  one mailed before stops working; at most one mail per GIFT_RESEND_SECONDS (default a minute).
 *  Answers the buyer's order, updated. */
export async function resendGift(deps: Deps, user: UserRow, orderId: number, recipientEmail: string): Promise<Order> {
  const found = await orderOfUser(deps.db, user.id, orderId);
  const gift = found?.row.isGift && found.row.purchaseId !== null ? await giftOfPurchase(deps.db, found.row.purchaseId) : undefined;
  if (!found || !gift) throw new HttpError(404, 'not_found', ORDER_MSG.orderNotFound, { order_id: [ORDER_MSG.orderNotFound] });
  if (found.row.status !== 'paid') throw new HttpError(409, 'gift_not_paid', GIFT_MSG.notPaid);
  if (gift.redeemedAt) throw new HttpError(409, 'gift_redeemed', GIFT_MSG.redeemed);
  if (recipientEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new HttpError(400, 'gift_own_email', GIFT_MSG.ownEmail, { recipient_email: [GIFT_MSG.ownEmail] });
  }
  const now = new Date();
  if (!(await claimGiftResend(deps.db, gift.id, recipientEmail, now, new Date(now.getTime() - deps.giftResendSeconds * 1000)))) {
    // Redeemed meanwhile, or mailed too recently (by another resend at the same moment, too).
    const again = await giftOfPurchase(deps.db, gift.purchaseId);
    throw again?.redeemedAt ? new HttpError(409, 'gift_redeemed', GIFT_MSG.redeemed) : new HttpError(409, 'gift_just_mailed', GIFT_MSG.justMailed);
  }
  await mailGift(deps, gift.purchaseId);
  return (await orderOfUser(deps.db, user.id, orderId))!.out;
}

/** Mails the recipient their redeem link, once its purchase is paid (after the commit, like the
 *  receipt): the token is made now, and only its hash kept. */
export async function mailGift(deps: Deps, purchaseId: number): Promise<void> {
  const gift = await giftOfPurchase(deps.db, purchaseId);
  if (!gift || gift.redeemedAt) return;
  const token = randomBytes(32).toString('base64url');
  await setGiftTokenHash(deps.db, gift.id, hashToken(token), new Date());
  const [channel, buyer, given] = await Promise.all([
    channelById(deps.db, gift.channelId),
    gift.buyerId ? userById(deps.db, gift.buyerId) : undefined,
    giftOrdersOf(deps.db, purchaseId),
  ]);
  const channelName = channel?.name ?? 'Fieldhouse';
  // The recipient's language when they have an account here, else the buyer's (ADR 055).
  const recipient = channel ? await userByEmail(deps.db, channel.id, gift.recipientEmail) : undefined;
  const locale = accountLocale(channel, recipient?.locale ? recipient : buyer);
  const { t } = mailTranslator(locale);
  const from = buyer ? nameOf(buyer) : t('mail.gift.aFan');
  const what = given.map((o) => o.product.name).join(', ');
  await deliver(deps.mailer, deps.log, 'gift', gift.recipientEmail, {
    channelName,
    link: webUrl(deps.publicUrl, webPaths.gift(token)),
    locale,
    notice: {
      subject: t('mail.gift.subject', { from, channel: channelName }),
      paragraphs: [
        t('mail.gift.gave', { from, what, channel: channelName }),
        ...(gift.message ? [t('mail.gift.message', { message: gift.message })] : []),
        t('mail.gift.how'),
      ],
      action: t('mail.gift.action'),
    },
  });
}

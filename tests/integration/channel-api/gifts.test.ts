import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, GIFT_MSG, ORDER_MSG, type Package } from '#contract';
import { gifts, orders } from '../../../channel-api/db/schema.ts';
import { hashToken } from '../../../channel-api/repo/tokens.ts';
import { listMail, pathTokenFrom, waitForMail } from '../../support/outbox.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, giftMailedAWhileAgo, shopForThisFile } from '../support/commerce.ts';

/* Gifting a pass (issue 11, ADR 019): buying a pass for someone else's address with a message,
   the redeem link mailed when it is paid, redeeming it once as any signed-in fan, the buyer's
   record of it (no access, whether it was redeemed), and every refusal. */

const PUBLIC_URL = 'http://fieldhouse.test';

let season: Package;

const { server, http, acc, shop } = shopForThisFile({ publicUrl: PUBLIC_URL }, async ({ shop }) => {
  season = (await shop.catalogue()).packages.find((p) => p.type === 'package' && p.kind === 'regular' && !p.is_team_pass)!;
});

const detail = (key: string, token: string) => http.request('GET', `/gifts/${encodeURIComponent(token)}`, { query: { api_key: key } });
const redeem = (key: string, token: unknown) => http.request('POST', '/gifts/redeem', { body: { api_key: key, token } });

/** A paid gift of the season pass's first category from a new buyer: the mailed token. */
async function paidGift(to: string, message = 'Enjoy the season!') {
  const buyer = await acc.signUp();
  const started = await shop.buyBundle(buyer.key, {
    package_id: season.id,
    event_category_ids: [season.event_categories[0]],
    gift_email: to,
    gift_message: message,
  });
  expect(started.status, started.text).toBe(200);
  const after = Date.now();
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  const mail = await waitForMail(server.outbox, { to, subject: 'gave you a gift', after });
  return { buyer, orderId: started.json.data.order_id as number, mail, token: pathTokenFrom(mail, '/gift/') };
}

describe(`gifting a pass (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives a pass: the buyer pays and gets no access, the recipient is mailed a link, redeems it once and has the pass', async () => {
    const recipient = await acc.signUp();
    const { buyer, orderId, mail, token } = await paidGift(recipient.email, 'Happy birthday,\r\nsee you at the games!');

    // The mail: who gave what, the message, the link to the web app's page.
    expect(mail.subject).toBe('Ann Lee gave you a gift on ' + mail.subject.split(' on ')[1]);
    expect(mail.text).toContain('Happy birthday,\nsee you at the games!');
    expect(mail.text).toContain(`${PUBLIC_URL}/gift/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await server.db
      .select()
      .from(gifts)
      .where(eq(gifts.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ recipientEmail: recipient.email, redeemedAt: null });
    // The buyer's receipt still goes to the buyer.
    await waitForMail(server.outbox, { to: buyer.email, subject: 'receipt' });

    // The buyer's record: paid, not active, a gift to the address, not redeemed yet; no access.
    const record = api.orderDetail.response.parse((await shop.order(buyer.key, orderId)).json).data;
    expect(record).toMatchObject({ status: 'paid', activity_status: 'inactive', gift: { recipient_email: recipient.email, redeemed_at: null } });
    expect(record.transactions.map((t) => [t.status, t.label])).toEqual([['paid', 'Purchase']]);
    const buyerView = api.packageDetail.response.parse((await acc.get(`/packages/${season.id}`, { api_key: buyer.key })).json).data;
    expect(buyerView.disabledCategories).toEqual([]);

    // What the recipient sees.
    const seen = await detail(recipient.key, token);
    expect(seen.status, seen.text).toBe(200);
    expect(api.giftDetail.response.parse(seen.json).data).toEqual({
      product: season.name,
      items: [expect.stringContaining(season.name)],
      from: 'Ann Lee',
      recipient_email: recipient.email,
      message: 'Happy birthday,\nsee you at the games!',
      redeemed: false,
      given_by_you: false,
    });

    // Redeemed: the recipient's own paid, active order, nothing charged to them.
    const done = await redeem(recipient.key, token);
    expect(done.status, done.text).toBe(200);
    const mine = api.redeemGift.response.parse(done.json).data;
    expect(mine).toMatchObject({ status: 'paid', activity_status: 'active', type: 'package', amount: 0, gift: null, product: { id: season.id } });
    expect(mine.transactions.map((t) => [t.status, t.label, t.amount])).toEqual([['paid', 'Gift', 0]]);
    const theirs = api.packageDetail.response.parse((await acc.get(`/packages/${season.id}`, { api_key: recipient.key })).json).data;
    expect(theirs.disabledCategories).toEqual([season.event_categories[0]]);
    expect((await acc.get('/user/access', { api_key: recipient.key })).json.data.capabilities).toContain('watch');

    // Once only; the buyer sees it redeemed.
    const again = await redeem(recipient.key, token);
    expect([again.status, again.json.code, again.json.message]).toEqual([409, 'gift_redeemed', GIFT_MSG.redeemed]);
    expect(api.giftDetail.response.parse((await detail(recipient.key, token)).json).data.redeemed).toBe(true);
    const after = (await shop.order(buyer.key, orderId)).json.data;
    expect(after.gift.redeemed_at).toEqual(expect.any(String));
    expect((await acc.get(`/packages/${season.id}`, { api_key: buyer.key })).json.data.disabledCategories).toEqual([]);
  });

  it('any signed-in fan holding the link may redeem it (the link is the proof), but not its buyer', async () => {
    const { buyer, token } = await paidGift('someone-else@example.test');
    expect(api.giftDetail.response.parse((await detail(buyer.key, token)).json).data.given_by_you).toBe(true);
    const own = await redeem(buyer.key, token);
    expect([own.status, own.json.message]).toEqual([409, GIFT_MSG.ownGift]);
    const holder = await acc.signUp();
    expect((await redeem(holder.key, token)).status).toBe(200);
  });

  it('two redemptions at the same moment make one order', async () => {
    const { token } = await paidGift('race@example.test');
    const [a, b] = [await acc.signUp(), await acc.signUp()];
    const answers = await Promise.all([redeem(a.key, token), redeem(b.key, token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await server.db
      .select()
      .from(gifts)
      .where(eq(gifts.tokenHash, hashToken(token)));
    const made = await server.db.select().from(orders).where(eq(orders.id, row.redeemedOrderId!));
    expect(made).toHaveLength(1);
    const recipients = await server.db.select().from(orders).where(eq(orders.purchaseId, made[0].purchaseId!));
    expect(recipients.filter((o) => !o.isGift)).toHaveLength(1);
  });

  it('refuses a fan who already has the pass, and the gift stays unredeemed', async () => {
    const fan = await acc.signUp();
    const own = (await shop.buyBundle(fan.key, { package_id: season.id, event_category_ids: [season.event_categories[0]] })).json.data;
    await shop.pay(own.redirect_url, CARD.ok);
    const { token } = await paidGift(fan.email);
    const refused = await redeem(fan.key, token);
    expect([refused.status, refused.json.message]).toEqual([409, GIFT_MSG.alreadyHave]);
    expect(api.giftDetail.response.parse((await detail(fan.key, token)).json).data.redeemed).toBe(false);
  });

  it('a gift is bought whether or not the buyer owns the pass, and never ends the buyer’s own checkout', async () => {
    const buyer = await acc.signUp();
    const mine = (await shop.buyBundle(buyer.key, { package_id: season.id, event_category_ids: [season.event_categories[0]] })).json.data;
    const quote = await http.request('GET', '/stripe/quote', {
      query: { api_key: buyer.key, package_id: String(season.id), 'event_category_ids[]': String(season.event_categories[0]), gift: '1' },
    });
    expect(quote.status, quote.text).toBe(200);
    const given = await shop.buyBundle(buyer.key, {
      package_id: season.id,
      event_category_ids: [season.event_categories[0]],
      gift_email: 'friend@example.test',
    });
    expect(given.status, given.text).toBe(200);
    expect((await shop.order(buyer.key, mine.order_id)).json.data.status).toBe('created');
    await shop.pay(mine.redirect_url, CARD.ok);
    const twice = await shop.buyBundle(buyer.key, {
      package_id: season.id,
      event_category_ids: [season.event_categories[0]],
      gift_email: 'another-friend@example.test',
    });
    expect(twice.status, twice.text).toBe(200);
  });

  it('refuses what cannot be given, with clear words, and makes nothing', async () => {
    const buyer = await acc.signUp();
    const { packages } = await shop.catalogue();
    const { event, ticket } = await shop.paidEvent();
    const addOn = packages.find((p) => p.kind === 'additional')!;
    const subscriptionId = (await http.request('GET', '/subscriptions')).json.data[0].id;
    const choice = { package_id: season.id, event_category_ids: [season.event_categories[0]] };
    const before = await server.db.select().from(orders);
    const refusals: [Promise<{ status: number; json: { message: string; errors?: Record<string, string[]> } }>, number, string, string][] = [
      [shop.buyBundle(buyer.key, { ...choice, gift_email: buyer.email.toUpperCase() }), 400, 'gift_email', GIFT_MSG.ownEmail],
      [shop.buyBundle(buyer.key, { ...choice, gift_email: 'not an email' }), 400, 'gift_email', 'A valid email address is required'],
      [shop.buyBundle(buyer.key, { ...choice, gift_message: 'Hello' }), 400, 'gift_email', GIFT_MSG.recipientRequired],
      [
        shop.buyBundle(buyer.key, { ...choice, gift_email: 'a@example.test', gift_message: 'x'.repeat(301) }),
        400,
        'gift_message',
        GIFT_MSG.messageTooLong(300),
      ],
      [shop.buyBundle(buyer.key, { ...choice, gift_email: 'a@example.test', gift_message: 'bell\u0007' }), 400, 'gift_message', GIFT_MSG.messagePlain],
      [shop.buyBundle(buyer.key, { ...choice, gift_email: 'a@example.test', gift_message: 42 }), 400, 'gift_message', ''],
      [
        shop.buyBundle(buyer.key, { package_id: addOn.id, event_category_ids: [addOn.event_categories[0]], gift_email: 'a@example.test' }),
        400,
        'gift_email',
        GIFT_MSG.addOn,
      ],
      [shop.buy(buyer.key, { event_id: event.id, package_id: ticket.id, gift_email: 'a@example.test' }), 400, 'gift_email', GIFT_MSG.notGiftable],
      [shop.buy(buyer.key, { subscription_id: subscriptionId, gift_email: 'a@example.test' }), 400, 'gift_email', GIFT_MSG.notGiftable],
    ];
    for (const [sent, status, field, message] of refusals) {
      const res = await sent;
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(Object.keys(res.json.errors ?? {})).toContain(field);
      if (message) expect(res.json.errors![field]).toContain(message);
    }
    expect(await server.db.select().from(orders)).toHaveLength(before.length);
  });

  it('an unknown, malformed or unpaid token is not found; a visitor is refused', async () => {
    const fan = await acc.signUp();
    const unknown = 'A'.repeat(43);
    expect([(await detail(fan.key, unknown)).status, (await redeem(fan.key, unknown)).json.message]).toEqual([404, GIFT_MSG.notFound]);
    for (const bad of ['short', 'A'.repeat(44), 'A'.repeat(42) + '!', 42, null]) {
      const res = await redeem(fan.key, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(Object.keys(res.json.errors)).toContain('token');
    }
    expect((await detail(fan.key, 'x'.repeat(43) + '%00')).status).toBe(400);
    // Not paid yet: no mail, and the row's placeholder hash matches no token anyone has.
    const buyer = await acc.signUp();
    const mails = listMail(server.outbox).length;
    const open = await shop.buyBundle(buyer.key, { package_id: season.id, event_category_ids: [season.event_categories[0]], gift_email: 'later@example.test' });
    expect(open.status).toBe(200);
    expect(listMail(server.outbox).length).toBe(mails);
    const visitor = await http.apiKey();
    expect((await detail(visitor, unknown)).status).toBe(401);
    expect((await redeem(visitor, unknown)).status).toBe(401);
  });

  it('its buyer mails it again, to a corrected address: a new link replaces the old one; at most once a minute', async () => {
    const { buyer, orderId, token } = await paidGift('typo@exampel.test');
    const resend = (key: string, recipient_email: unknown, order_id: unknown = orderId) =>
      http.request('POST', '/gifts/resend', { body: { api_key: key, order_id, recipient_email } });
    const mailsTo = (to: string) => listMail(server.outbox).filter((m) => m.to.includes(to)).length;

    // Just mailed when it was paid: not again yet.
    const tooSoon = await resend(buyer.key, 'right@example.test');
    expect([tooSoon.status, tooSoon.json.message]).toEqual([409, GIFT_MSG.justMailed]);
    expect(mailsTo('right@example.test')).toBe(0);

    await giftMailedAWhileAgo(server.db, orderId);
    // Not to the buyer's own address; not for another fan; nothing changes.
    const own = await resend(buyer.key, buyer.email.toUpperCase());
    expect([own.status, own.json.errors?.recipient_email]).toEqual([400, [GIFT_MSG.ownEmail]]);
    const stranger = await acc.signUp();
    const notTheirs = await resend(stranger.key, 'right@example.test');
    expect([notTheirs.status, notTheirs.json.message]).toEqual([404, ORDER_MSG.orderNotFound]);

    const after = Date.now();
    const sent = await resend(buyer.key, ' right@example.test ');
    expect(sent.status, sent.text).toBe(200);
    expect(api.resendGift.response.parse(sent.json).data).toMatchObject({ id: orderId, gift: { recipient_email: 'right@example.test', redeemed_at: null } });
    const mail = await waitForMail(server.outbox, { to: 'right@example.test', subject: 'gave you a gift', after });
    expect(mail.text).toContain('Enjoy the season!');
    const newToken = pathTokenFrom(mail, '/gift/');
    expect(newToken).not.toBe(token);
    expect((await detail(buyer.key, token)).status, 'the old link').toBe(404);
    expect(api.giftDetail.response.parse((await detail(buyer.key, newToken)).json).data.recipient_email).toBe('right@example.test');

    // Once a minute, even two at once.
    const again = await resend(buyer.key, 'right@example.test');
    expect([again.status, again.json.message]).toEqual([409, GIFT_MSG.justMailed]);
    await giftMailedAWhileAgo(server.db, orderId);
    const afterBoth = Date.now();
    const both = await Promise.all([resend(buyer.key, 'right@example.test'), resend(buyer.key, 'right@example.test')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await expect.poll(() => mailsTo('right@example.test')).toBe(2);

    // Redeemed: never again.
    const latest = pathTokenFrom(await waitForMail(server.outbox, { to: 'right@example.test', subject: 'gave you a gift', after: afterBoth }), '/gift/');
    expect((await redeem((await acc.signUp()).key, latest)).status).toBe(200);
    await giftMailedAWhileAgo(server.db, orderId);
    const redeemed = await resend(buyer.key, 'right@example.test');
    expect([redeemed.status, redeemed.json.message]).toEqual([409, GIFT_MSG.redeemed]);
  });

  it('a gift not paid yet, or an order that is no gift, cannot be mailed', async () => {
    const buyer = await acc.signUp();
    const open = await shop.buyBundle(buyer.key, { package_id: season.id, event_category_ids: [season.event_categories[0]], gift_email: 'later@example.test' });
    const notPaid = await http.request('POST', '/gifts/resend', {
      body: { api_key: buyer.key, order_id: open.json.data.order_id, recipient_email: 'later@example.test' },
    });
    expect([notPaid.status, notPaid.json.message]).toEqual([409, GIFT_MSG.notPaid]);
    const mine = await shop.buyBundle(buyer.key, { package_id: season.id, event_category_ids: [season.event_categories[0]] });
    const notGift = await http.request('POST', '/gifts/resend', {
      body: { api_key: buyer.key, order_id: mine.json.data.order_id, recipient_email: 'a@example.test' },
    });
    expect([notGift.status, notGift.json.message]).toEqual([404, ORDER_MSG.orderNotFound]);
  });

  it("another fan's gift order is not found for the recipient, and the buyer cannot see the recipient's order", async () => {
    const recipient = await acc.signUp();
    const { buyer, orderId, token } = await paidGift(recipient.email);
    expect((await shop.order(recipient.key, orderId)).status).toBe(404);
    const mine = (await redeem(recipient.key, token)).json.data;
    expect((await shop.order(buyer.key, mine.id)).status).toBe(404);
  });
});

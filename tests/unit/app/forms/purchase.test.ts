import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { GIFT_MSG, MSG, ORDER_MSG } from '#contract';
import { purchaseMessage } from '~/domain/purchase-messages';
import { intentOf } from '~/forms/intent';
import {
  applyCouponSchema,
  buyFormSchema,
  BUY_INTENTS,
  buyHref,
  buySchema,
  paySchema,
  purchaseFromQuery,
  purchaseParams,
  selectPackageSchema,
} from '~/forms/purchase';
import { refused } from '../../support/refusals.ts';

/** The intent of a form whose button sent `value` (null: no intent field). */
const buyIntent = (value: string | null) => intentOf(form(value === null ? [] : [['intent', value]]), BUY_INTENTS);

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};

describe('/buy query', () => {
  it('reads ids leniently: bad values are left out, choices de-duplicated and bounded', () => {
    const q = new URLSearchParams('event=45&package=x&subscription=0&category=11&category=11&category=-3&category=12&team=99999999999&__proto__=1');
    expect(purchaseFromQuery(q)).toEqual({ event: 45, package: undefined, subscription: undefined, category: [11, 12], team: undefined });
    expect(purchaseFromQuery(new URLSearchParams(`package=3&${Array.from({ length: 80 }, (_, i) => `category=${i + 1}`).join('&')}`)).category).toHaveLength(
      50,
    );
  });

  it('writes the same purchase back as a /buy address, and in the channel’s words', () => {
    const wanted = { package: 3, team: [100, 101] };
    expect(buyHref(wanted)).toBe('/buy?package=3&team=100&team=101');
    expect(purchaseFromQuery(new URL(buyHref(wanted), 'http://x').searchParams)).toMatchObject(wanted);
    expect(purchaseParams({ event: 45, package: 5, category: [] })).toEqual({
      event_id: 45,
      package_id: 5,
      subscription_id: undefined,
      event_category_ids: undefined,
      participant_ids: undefined,
    });
  });
});

describe('the purchase forms', () => {
  it('refuses a selection with nothing chosen with the spec’s words', () => {
    const none = parseWithZod(form([]), { schema: selectPackageSchema });
    expect(none.status === 'error' && none.error?.choice).toEqual([ORDER_MSG.idNotSelected]);
    const one = parseWithZod(form([['choice', '11']]), { schema: selectPackageSchema });
    expect(one.status === 'success' && one.value).toEqual({ choice: [11] });
    expect(parseWithZod(form([['choice', '11x']]), { schema: selectPackageSchema }).status).toBe('error');
  });

  it('needs the idempotency key of the page, and ids that are ids', () => {
    const key = 'a'.repeat(32);
    const ok = parseWithZod(
      form([
        ['event', '45'],
        ['package', '5'],
        ['idempotency_key', key],
      ]),
      { schema: buySchema },
    );
    expect(ok.status === 'success' && ok.value).toEqual({ event: 45, package: 5, idempotency_key: key });
    const keyless = parseWithZod(form([['event', '45']]), { schema: buySchema });
    expect(keyless.status === 'error' && keyless.error?.idempotency_key).toBeTruthy();
    expect(
      parseWithZod(
        form([
          ['event', '2147483648'],
          ['idempotency_key', key],
        ]),
        { schema: buySchema },
      ).status,
    ).toBe('error');
  });
});

describe('the promo code on /buy', () => {
  const key = 'b'.repeat(32);
  const purchase: [string, string][] = [
    ['event', '45'],
    ['package', '5'],
    ['idempotency_key', key],
  ];

  it('tells the three buttons apart by intent; anything else is no intent', () => {
    expect(['buy', 'apply-coupon', 'remove-coupon'].map(buyIntent)).toEqual(['buy', 'apply-coupon', 'remove-coupon']);
    for (const other of [null, '', 'BUY', 'apply', '__proto__']) expect(buyIntent(other)).toBeNull();
  });

  it('Apply needs a code: letters, digits, - and _, trimmed; anything else is the spec’s words', () => {
    const apply = (code?: string) =>
      parseWithZod(form([...purchase, ...(code === undefined ? [] : [['code', code] as [string, string]])]), { schema: applyCouponSchema });
    const ok = apply('  welcome10 ');
    expect(ok.status === 'success' && ok.value).toEqual({ event: 45, package: 5, idempotency_key: key, code: 'welcome10' });
    for (const [code, message] of [
      [undefined, MSG.required],
      ['', MSG.required],
      ['   ', MSG.required],
      ['WELCOME 10', ORDER_MSG.wrongPromoCode],
      ['<script>', ORDER_MSG.wrongPromoCode],
      ['X'.repeat(41), ORDER_MSG.wrongPromoCode],
    ] as const) {
      const refused = apply(code);
      expect(refused.status === 'error' && refused.error?.code, String(code)).toEqual([message]);
    }
  });

  it('Pay carries the applied code; the browser checks the code field only for Apply', () => {
    const paid = parseWithZod(form([...purchase, ['promotion_code', 'WELCOME10']]), { schema: buySchema });
    expect(paid.status === 'success' && paid.value.promotion_code).toBe('WELCOME10');
    expect(parseWithZod(form([...purchase, ['intent', 'buy'], ['code', 'not a code!']]), { schema: buyFormSchema }).status).toBe('success');
    const apply = parseWithZod(form([...purchase, ['intent', 'apply-coupon']]), { schema: buyFormSchema });
    expect(apply.status === 'error' && apply.error?.code).toEqual([MSG.required]);
  });
});

describe('/buy as a gift (ADR 019)', () => {
  const pay = (extra: [string, string][]) =>
    parseWithZod(form([['intent', 'buy'], ['package', '3'], ['category', '11'], ['idempotency_key', 'k'.repeat(20)], ...extra]), { schema: paySchema });

  const errorsOf = (s: ReturnType<typeof pay>) => (s.status === 'success' ? null : s.error);

  it('keeps ?gift=1 in the query and the address', () => {
    expect(purchaseFromQuery(new URLSearchParams('package=3&category=11&gift=1')).gift).toBe('1');
    expect(purchaseFromQuery(new URLSearchParams('package=3&gift=yes')).gift).toBeUndefined();
    expect(buyHref({ package: 3, category: [11], gift: '1' })).toBe('/buy?package=3&category=11&gift=1');
  });

  it('needs the recipient’s address for a gift; the message is plain text of at most 300 characters', () => {
    expect(errorsOf(pay([['gift', '1']]))).toEqual({ gift_email: [GIFT_MSG.recipientRequired] });
    expect(
      errorsOf(
        pay([
          ['gift', '1'],
          ['gift_email', '  '],
        ]),
      ),
    ).toEqual({ gift_email: [GIFT_MSG.recipientRequired] });
    expect(
      errorsOf(
        pay([
          ['gift', '1'],
          ['gift_email', 'nope'],
        ]),
      ),
    ).toEqual({ gift_email: [MSG.emailInvalid] });
    expect(
      errorsOf(
        pay([
          ['gift', '1'],
          ['gift_email', 'a@example.test'],
          ['gift_message', 'x'.repeat(301)],
        ]),
      ),
    ).toEqual({
      gift_message: [GIFT_MSG.messageTooLong(300)],
    });
    expect(
      errorsOf(
        pay([
          ['gift', '1'],
          ['gift_email', 'a@example.test'],
          ['gift_message', 'tab\there'],
        ]),
      ),
    ).toEqual({ gift_message: [GIFT_MSG.messagePlain] });
    const ok = pay([
      ['gift', '1'],
      ['gift_email', ' a@example.test '],
      ['gift_message', ' Line one\r\nline two '],
    ]);
    expect(ok.status).toBe('success');
    expect(ok.status === 'success' && [ok.value.gift_email, ok.value.gift_message]).toEqual(['a@example.test', 'Line one\nline two']);
    // Not a gift: no address needed.
    expect(pay([]).status).toBe('success');
  });

  it('says the channel’s gift refusals as they are', () => {
    expect(purchaseMessage(refused(400, 'not_giftable', GIFT_MSG.notGiftable))).toBe(GIFT_MSG.notGiftable);
    expect(purchaseMessage(refused(409, 'gift_redeemed', GIFT_MSG.redeemed))).toBe(GIFT_MSG.redeemed);
  });
});

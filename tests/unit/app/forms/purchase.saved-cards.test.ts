import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#contract';
import { buyFormSchema, buySchema } from '~/forms/purchase';

/* Saved cards on the web side (ADR 018): "Pay with" on /buy. */

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};
const purchase: [string, string][] = [
  ['event', '45'],
  ['package', '5'],
  ['idempotency_key', 'a'.repeat(20)],
];

describe('"Pay with" on /buy', () => {
  it('asked and left empty: the spec’s message on the group, on the server and in the browser', () => {
    for (const schema of [buySchema, buyFormSchema]) {
      const s = parseWithZod(form([...purchase, ['intent', 'buy'], ['choose_card', '1']]), { schema });
      expect(s.status === 'error' && s.error?.payment_method).toEqual([ORDER_MSG.selectCard]);
    }
  });

  it('a card or a new card is a choice; something else is no choice', () => {
    for (const choice of ['new', 'pm_sbx_abc123']) {
      expect(parseWithZod(form([...purchase, ['choose_card', '1'], ['payment_method', choice]]), { schema: buySchema }).status, choice).toBe('success');
    }
    for (const choice of ['', 'pm_', 'card-1', 'new ', `pm_${'a'.repeat(101)}`]) {
      const s = parseWithZod(form([...purchase, ['choose_card', '1'], ['payment_method', choice]]), { schema: buySchema });
      expect(s.status === 'error' && s.error?.payment_method, choice).toEqual([ORDER_MSG.selectCard]);
    }
  });

  it('not asked (no saved cards), or applying a code: no choice needed', () => {
    expect(parseWithZod(form(purchase), { schema: buySchema }).status).toBe('success');
    const apply = parseWithZod(form([...purchase, ['intent', 'apply-coupon'], ['choose_card', '1'], ['code', 'WELCOME10']]), { schema: buyFormSchema });
    expect(apply.status).toBe('success');
  });
});

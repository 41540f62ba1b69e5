import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { GIFT_MSG } from '#contract/gifts';
import { giftResendSchema } from '~/forms/gift';

const parse = (recipient_email?: string) => {
  const formData = new FormData();
  if (recipient_email !== undefined) formData.set('recipient_email', recipient_email);
  return parseWithZod(formData, { schema: giftResendSchema });
};
const errorsOf = (value?: string) => {
  const submission = parse(value);
  return submission.status === 'success' ? {} : submission.error;
};

describe('send a gift again (/orders/{id}/gift)', () => {
  it("asks for the recipient's address when it is missing or blank", () => {
    for (const value of [undefined, '', '   ']) expect(errorsOf(value)).toEqual({ recipient_email: [GIFT_MSG.recipientRequired] });
  });

  it('wants an address, trimmed', () => {
    expect(errorsOf('friend@')).toEqual({ recipient_email: ['A valid email address is required'] });
    const ok = parse('  friend@example.test ');
    expect(ok.status === 'success' && ok.value).toEqual({ recipient_email: 'friend@example.test' });
  });
});

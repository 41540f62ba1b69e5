import { describe, expect, it } from 'vitest';
import { renderMail, type MailInput } from '../../../../channel-api/mail/templates.ts';

/* The receipt mail: its amounts come as stored (the currency's minor units) and read as on the
   order page, in both parts. */

const receiptOf = (receipt: NonNullable<MailInput['receipt']>): MailInput => ({
  channelName: 'Lakeshore Athletic Conference',
  firstName: 'Sam',
  link: 'https://fans.example/orders/12',
  receipt,
});

describe('the receipt mail', () => {
  it('lists each line, the service fee and the total paid, in dollars and cents', () => {
    const mail = renderMail(
      'receipt',
      receiptOf({
        number: 'FH-7',
        paidAt: '2026-03-14T18:30:00.000Z',
        timeZone: 'America/Chicago',
        lines: [
          { name: 'Basketball season pass: Boys', amountCents: 4799 },
          { name: 'Basketball season pass: Girls', amountCents: 4799 },
        ],
        serviceFeeCents: 200,
        totalCents: 9798,
        currency: 'USD',
      }),
    );
    expect(mail.subject).toBe('Your Lakeshore Athletic Conference receipt FH-7');
    // Paid at 18:30 UTC: the channel's time, with its zone's abbreviation (ADR 045).
    expect(mail.text).toContain('This is your receipt FH-7, paid March 14, 2026 at 1:30 PM CDT.');
    expect(mail.html).toContain('paid March 14, 2026 at 1:30 PM CDT.');
    expect(mail.text).toContain(
      ['Basketball season pass: Boys: $47.99', 'Basketball season pass: Girls: $47.99', 'Service fee: $2.00', 'Total paid: $97.98'].join('\n'),
    );
    expect(mail.html).toContain('<tr><td style="padding: 4px 0;">Service fee</td><td style="text-align: right;">$2.00</td></tr>');
    expect(mail.html).toContain('font-weight: bold;">$97.98</td>');
  });

  it('leaves out a service fee of 0, and writes a currency with its own digits', () => {
    const mail = renderMail(
      'renewal',
      receiptOf({
        number: 'in_1',
        paidAt: '2026-03-14T18:30:00.000Z',
        timeZone: 'America/Chicago',
        lines: [{ name: 'Monthly, until April 14, 2026', amountCents: 1500 }],
        serviceFeeCents: 0,
        totalCents: 1500,
        currency: 'JPY',
      }),
    );
    expect(mail.text).toContain('Monthly, until April 14, 2026: ¥1,500\nTotal paid: ¥1,500');
    expect(mail.text).not.toContain('Service fee');
    expect(mail.html).not.toContain('Service fee');
  });
});

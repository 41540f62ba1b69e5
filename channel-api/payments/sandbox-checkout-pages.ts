import { bankPage, e, html, input, page, spaced } from './sandbox-html.ts';
import { ownPath } from './sandbox-links.ts';
import type { CardErrors, SandboxSessionRow } from './sandbox.ts';
import { SANDBOX_CARDS } from '../../contract/checkout.ts';
import { formatMoney } from '../../contract/money.ts';

/* The sandbox checkout's pages: the card form with the order's summary and renewal terms, the
   bank's page of a card that asks for authentication, and the page of a checkout that has ended. */

/** Where the fan goes back to from a checkout: its success address, on the origin they are on. */
export const returnUrl = (s: SandboxSessionRow) => ownPath(s.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(s.id)));

function summary(s: SandboxSessionRow): string {
  return html`<table class="lines">
      <caption>
        Order summary
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" class="amount">Amount</th>
        </tr>
      </thead>
      <tbody>
        ${s.lines
          .map(
            (l) =>
              html`<tr>
                <td>${e(l.name)}</td>
                <td class="amount">${e(formatMoney(l.amountCents, s.currency))}</td>
              </tr>`,
          )
          .join('')}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total due today</th>
          <td class="amount">${e(formatMoney(s.amountTotalCents, s.currency))}</td>
        </tr>
      </tfoot>
    </table>
    ${renewalTerms(s)}`;
}

/** What a subscription charges later, as Stripe's page says it. */
function renewalTerms(s: SandboxSessionRow): string {
  if (s.mode !== 'subscription') return '';
  const price = s.lines.find((l) => l.name !== 'Service fee') ?? s.lines[0];
  const every = s.recurringInterval === 'year' ? 'every year' : s.recurringInterval === 'month' ? 'every month' : `every ${s.recurringCount ?? 30} days`;
  const then = `${formatMoney(price.amountCents, s.currency)} ${every}`;
  return s.trialDays
    ? html`<p class="terms">Free for ${s.trialDays} days, then ${e(then)} until you cancel. Your card is saved now for the first charge.</p>`
    : html`<p class="terms">Then ${e(then)} until you cancel. Your card is saved for the renewals.</p>`;
}

const payLabel = (s: SandboxSessionRow) =>
  s.trialDays
    ? 'Start free trial'
    : s.mode === 'subscription'
      ? `Subscribe for ${formatMoney(s.amountTotalCents, s.currency)}`
      : `Pay ${formatMoney(s.amountTotalCents, s.currency)}`;

export function checkoutPage(s: SandboxSessionRow, channel: string, errors: CardErrors, values: { number?: string; expiry?: string }): string {
  const messages = Object.values(errors);
  return page(
    `Pay ${channel}`,
    html`<h1>Pay ${e(channel)}</h1>
      ${summary(s)}
      <form method="post" action="/sandbox/checkout/${e(s.id)}" novalidate>
        <h2>Pay with card</h2>
        ${
          messages.length
            ? html`<div class="errors" role="alert">
                <p>The card was not accepted:</p>
                <ul>
                  ${messages.map((m) => html`<li>${e(m)}</li>`).join('')}
                </ul>
              </div>`
            : ''
        }
        <p class="field"><span class="label">Email</span> <span class="email">${e(s.customerEmail)}</span></p>
        ${input('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', values.number ?? '', errors.number, 'For example 4242 4242 4242 4242')}
        ${input('expiry', 'Expiration date', 'autocomplete="cc-exp" maxlength="7"', values.expiry ?? '', errors.expiry, 'MM / YY')}
        ${input('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', '', errors.cvc)}
        <p><button type="submit">${e(payLabel(s))}</button></p>
      </form>
      <p><a href="${e(ownPath(s.cancelUrl))}">Back to ${e(channel)} without paying</a></p>
      <details>
        <summary>Test cards</summary>
        <ul>
          <li><code>${spaced(SANDBOX_CARDS.success)}</code>: the payment succeeds.</li>
          <li><code>${spaced(SANDBOX_CARDS.declined)}</code>: the card is declined.</li>
          <li><code>${spaced(SANDBOX_CARDS.insufficientFunds)}</code>: declined for insufficient funds.</li>
          <li><code>${spaced(SANDBOX_CARDS.authentication)}</code>: the bank asks for authentication.</li>
        </ul>
        <p>Any future expiration date and any 3 digits as the security code.</p>
      </details>`,
  );
}

export function authenticationPage(s: SandboxSessionRow, channel: string, error?: string): string {
  return bankPage({ amount: formatMoney(s.amountTotalCents, s.currency), channel, action: `/sandbox/checkout/${s.id}/authenticate`, error });
}

export function endedPage(s: SandboxSessionRow, channel: string): string {
  const paid = s.paymentStatus === 'paid';
  return page(
    paid ? 'Payment complete' : 'Checkout ended',
    html`<h1>${paid ? 'Payment complete' : 'This checkout has ended'}</h1>
      <p>${paid ? 'This checkout has been paid.' : 'This checkout can no longer be paid.'}</p>
      <p><a href="${e(returnUrl(s))}">Return to ${e(channel)}</a></p>`,
  );
}

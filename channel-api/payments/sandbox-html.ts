import type { Response } from 'express';
import type { CardErrors } from './sandbox.ts';

/* The plain HTML the sandbox's pages are made of (checkout, bank, portal, add a card): escaping,
   the page frame with its test-mode banner, a card form's field. */

export const html = String.raw;

export const e = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export const field = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');

/** A page of the sandbox, never kept by a cache: each shows one fan's checkout or card. */
export const sendPage = (res: Response, status: number, body: string) => res.status(status).set('Cache-Control', 'no-store').type('html').send(body);

export function page(title: string, body: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="description" content="A test checkout of the sandbox payment provider: no card is charged." />
        <title>${e(title)} — Test mode</title>
        <link rel="stylesheet" href="/sandbox/assets/checkout.css" />
      </head>
      <body>
        <p class="test-banner"><strong>Test mode.</strong> This is the sandbox payment provider: no card is charged, and only Stripe's test cards work.</p>
        <main>${body}</main>
      </body>
    </html> `;
}

/** The page of something not there: a checkout or payment that does not exist, a link that has expired. */
export const gonePage = (title: string, heading: string, text: string) =>
  page(
    title,
    html`<h1>${e(heading)}</h1>
      <p>${e(text)}</p>`,
  );

export function input(name: keyof CardErrors, label: string, attrs: string, value: string, error: string | undefined, hint?: string): string {
  const id = `card-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return html`<p class="field">
    <label for="${id}">${e(label)}</label>
    ${hint ? html`<span class="hint" id="${id}-hint">${e(hint)}</span>` : ''}
    <input
      id="${id}"
      name="card_${name}"
      ${attrs}
      value="${e(value)}"
      ${error ? 'aria-invalid="true"' : ''}
      ${described ? `aria-describedby="${described}"` : ''}
    />
    ${error ? html`<span class="error" id="${id}-error">${e(error)}</span>` : ''}
  </p>`;
}

/** What the payer answered on the bank's page; null: neither (the page is shown again with `CHOOSE_ANSWER`). */
export const bankAnswer = (body: unknown): 'complete' | 'fail' | null => {
  const result = field((body as Record<string, unknown> | undefined)?.result);
  return result === 'complete' || result === 'fail' ? result : null;
};
export const CHOOSE_ANSWER = 'Choose Complete or Fail.';

/** The bank's 3-D Secure page: the payer answers Complete or Fail to `action`. */
export function bankPage(opts: { amount: string; channel: string; what?: string; action: string; error?: string }): string {
  return page(
    'Authenticate your payment',
    html`<h1>Authenticate your payment</h1>
      <p>Your bank asks you to confirm the payment of <strong>${e(opts.amount)}</strong> to ${e(opts.channel)}${opts.what ? ` ${e(opts.what)}` : ''}.</p>
      <p>This is a test of 3-D Secure authentication: choose what the bank answers.</p>
      ${opts.error ? html`<p class="errors" role="alert">${e(opts.error)}</p>` : ''}
      <form method="post" action="${e(opts.action)}" class="choices">
        <button type="submit" name="result" value="complete">Complete</button>
        <button type="submit" name="result" value="fail" class="secondary">Fail</button>
      </form>`,
  );
}

export const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

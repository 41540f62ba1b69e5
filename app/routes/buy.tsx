import { randomUUID } from 'node:crypto';
import { parseWithZod } from '@conform-to/zod';
import { json, redirectDocument, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api, type Quote } from '#contract';
import type { ResponseOf } from '#contract';
import { callAsUser, requireUser } from '~/auth/sign-in.server';
import { ChannelError } from '~/channel/client.server';
import { AppForm, useAppForm } from '~/components/form/AppForm';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/components/layout/meta';
import { env } from '~/config/env.server';
import { formatDate } from '~/domain/account-records';
import { formatMoney } from '~/domain/price-title';
import { purchaseMessage } from '~/domain/purchase-messages';
import { buyHref, buySchema, purchaseFromQuery, purchaseParams, type BuyValue } from '~/forms/purchase';
import { paymentRedirect } from '~/http/payment-redirect';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import formsCss from '~/styles/forms.css';

/* /buy (spec section 2): one summary for whatever is being bought — a single event, a package with
   its choices, a subscription — in the channel's amounts (the web app prices nothing), then one
   plain form post that sends the fan to the payment provider's checkout. A signed-in, private
   page: a visitor logs in and comes back here (requireUser). The form carries an idempotency key
   made for this page, so a double click or a resubmitted form is one purchase. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout', 'Review what you are buying, then pay by card.');

const ALL_SALES_FINAL = 'All sales final, no refunds.';

type InvoicePreview = ResponseOf<typeof api.invoicePreview>['data'];

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const wanted = purchaseFromQuery(new URL(args.request.url).searchParams);
  const csrfToken = await requestContext(args).session.csrfToken();
  try {
    const { data } = await callAsUser(args, api.purchaseQuote, purchaseParams(wanted), { handles4xx: true });
    // A subscription says what is due today and when it is charged next (the trial only if offered).
    const trial = Boolean(wanted.trial && data.trial_days);
    const preview =
      data.type === 'subscription' && wanted.subscription
        ? (await callAsUser(args, api.invoicePreview, { subscription_id: wanted.subscription, ...(trial ? { trial } : {}) }, { handles4xx: true })).data
        : null;
    return json({
      wanted: { ...wanted, trial: trial ? ('1' as const) : undefined },
      summary: summaryOf(data, preview, trial),
      problem: null,
      idempotencyKey: randomUUID(),
      csrfToken,
    });
  } catch (error) {
    if (!(error instanceof ChannelError) || error.status >= 500) throw error;
    const problem = purchaseMessage(error.message, error.status);
    return json({ wanted, summary: null, problem, idempotencyKey: null, csrfToken }, { status: error.status === 404 ? 404 : error.status === 409 ? 409 : 400 });
  }
}

/** The quote as the page shows it: money already formatted, in the channel's currency. */
function summaryOf(q: Quote, preview: InvoicePreview | null, trial: boolean) {
  const money = (amount: number) => formatMoney(amount, q.currency);
  const every = q.period === 'annual' ? 'every year' : 'every 30 days';
  return {
    trialDays: trial ? q.trial_days : null,
    /** A subscription: what is due today, and the next charge and when (invoice preview). */
    billing: preview
      ? {
          dueToday: money(preview.due_today),
          next: `Then ${money(preview.next_amount)} on ${formatDate(preview.next_date)}, and ${every} after that, until you cancel.`,
        }
      : null,
    /** Offered, not chosen: the way to start the trial instead. */
    trialOffer: !trial && q.trial_days ? q.trial_days : null,
    type: q.type,
    product: q.product,
    lines: q.lines.map((l) => ({ name: l.name, amount: money(l.amount) })),
    serviceFee: q.service_fee > 0 ? money(q.service_fee) : null,
    total: money(q.total),
    currency: q.currency,
    testMode: q.provider === 'sandbox',
  };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  const submission = parseWithZod(formData, { schema: buySchema });
  // Its fields are hidden: whatever is wrong with them is said once, for the whole form.
  if (submission.status !== 'success') {
    const formErrors = [...new Set(Object.values(submission.error ?? {}).flatMap((e) => e ?? []))];
    return json({ result: submission.reply({ formErrors, fieldErrors: {} }) }, { status: 400 });
  }
  const { idempotency_key, ...wanted } = submission.value;
  const params = { ...purchaseParams(wanted), idempotency_key };
  let started;
  try {
    // A package with its choices is a bundle; a single event or a subscription a plain purchase.
    ({ data: started } = wanted.trial
      ? await callAsUser(args, api.startTrial, { subscription_id: params.subscription_id!, idempotency_key })
      : params.event_category_ids || params.participant_ids
        ? await callAsUser(args, api.buyBundle, params)
        : await callAsUser(args, api.buy, params));
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    return json(
      { result: submission.reply({ formErrors: [purchaseMessage(error.message, error.status)] }) },
      { status: error.status >= 500 ? 503 : error.status === 409 ? 409 : 400 },
    );
  }
  const to = paymentRedirect(started.redirect_url, env.PUBLIC_URL);
  if (!to) {
    console.error(`[buy] the channel answered a redirect_url that is neither ours nor the payment provider's: ${started.redirect_url}`);
    return json({ result: submission.reply({ formErrors: [purchaseMessage('', 500)] }) }, { status: 502 });
  }
  // A whole-document navigation, with JavaScript too: the checkout is not a page of this app.
  return redirectDocument(to, 303);
}

export default function Buy() {
  const { wanted, summary, problem, idempotencyKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({ id: 'buy', schema: buySchema, lastResult });
  return (
    <div className="page page--buy">
      <h1>Checkout</h1>
      {problem || !summary ? (
        <div className="notice notice--problem" role="alert">
          <p>{problem}</p>
          <p>
            <Link to="/packages">See passes and packages</Link>
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="summary-heading" className="purchase-summary">
            <h2 id="summary-heading">{summary.product}</h2>
            <table className="summary-table">
              <caption className="sr-only">What you are buying</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="amount">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.lines.map((l) => (
                  <tr key={l.name}>
                    <td>{l.name}</td>
                    <td className="amount">{l.amount}</td>
                  </tr>
                ))}
                {summary.serviceFee ? (
                  <tr>
                    <td>Service fee</td>
                    <td className="amount">{summary.serviceFee}</td>
                  </tr>
                ) : null}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total ({summary.currency})</th>
                  <td className="amount">{summary.total}</td>
                </tr>
              </tfoot>
            </table>
            {summary.trialDays ? (
              <p className="purchase-summary__trial">Free for {summary.trialDays} days: nothing is charged today. Your card is saved for the first charge.</p>
            ) : null}
            {summary.billing ? (
              <p>
                Due today: <strong>{summary.billing.dueToday}</strong>. {summary.billing.next}
              </p>
            ) : null}
            {summary.trialOffer ? (
              <p>
                <Link to={buyHref({ ...wanted, trial: '1' })}>Start with a {summary.trialOffer}-day free trial instead</Link>
              </p>
            ) : null}
            <p className="purchase-summary__final">{ALL_SALES_FINAL}</p>
          </section>
          <AppForm kit={kit}>
            <PurchaseFields wanted={wanted} />
            <input type="hidden" name="idempotency_key" value={idempotencyKey ?? ''} />
            <p className="field__hint" id="pay-hint">
              {summary.testMode
                ? 'You pay on the next page, a test checkout: use a test card such as 4242 4242 4242 4242.'
                : 'You pay on the next page, with Stripe.'}
            </p>
            <div className="form-actions">
              <SubmitButton pendingText="Opening the checkout…">{summary.trialDays ? 'Start free trial' : `Pay ${summary.total}`}</SubmitButton>
              <Link to={backTo(wanted)}>Back</Link>
            </div>
          </AppForm>
        </>
      )}
    </div>
  );
}

/** What is being bought, as the form posts it again (the same ids the summary was made from). */
function PurchaseFields({ wanted }: { wanted: Omit<BuyValue, 'idempotency_key'> }) {
  return (
    <>
      {wanted.event ? <input type="hidden" name="event" value={wanted.event} /> : null}
      {wanted.package ? <input type="hidden" name="package" value={wanted.package} /> : null}
      {wanted.subscription ? <input type="hidden" name="subscription" value={wanted.subscription} /> : null}
      {wanted.trial ? <input type="hidden" name="trial" value="1" /> : null}
      {wanted.category?.map((c) => (
        <input key={`c${c}`} type="hidden" name="category" value={c} />
      ))}
      {wanted.team?.map((t) => (
        <input key={`t${t}`} type="hidden" name="team" value={t} />
      ))}
    </>
  );
}

/** The page the offer came from. */
function backTo(wanted: Omit<BuyValue, 'idempotency_key'>): string {
  if (wanted.event) return `/watch/${wanted.event}`;
  if (wanted.package) return `/select-package/${wanted.package}`;
  return '/packages';
}

import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, redirectDocument, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { api, idempotencyKey, ORDER_MSG, type Quote, type ResponseOf } from '#contract';
import { callAsUser, requireUser } from '~/auth/sign-in.server';
import { ChannelError } from '~/channel/client.server';
import { AppForm, useAppForm } from '~/components/form/AppForm';
import { SubmitButton } from '~/components/form/SubmitButton';
import { GiftFields, GiftSwitch } from '~/components/purchase/GiftFields';
import { PayWith, type CardChoice } from '~/components/purchase/PayWith';
import { AppliedCode, DiscountRow, PromoCodeField } from '~/components/purchase/PromoCode';
import { env } from '~/config/env.server';
import { formatDate } from '~/domain/dates';
import { formatMoney } from '~/domain/money';
import { pageMeta } from '~/domain/page-meta';
import { cardLabel } from '~/domain/payment-cards';
import { purchaseMessage } from '~/domain/purchase-messages';
import {
  applyCouponSchema,
  buyFormSchema,
  buyHref,
  buyIntent,
  NEW_CARD,
  paySchema,
  purchaseFromQuery,
  purchaseParams,
  removeCouponSchema,
  type WantedPurchase,
} from '~/forms/purchase';
import { paymentRedirect } from '~/http/payment-redirect';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import formsCss from '~/styles/forms.css';

/* /buy (spec section 2): one summary for whatever is being bought — a single event, a package with
   its choices, a subscription — in the channel's amounts (the web app prices nothing), then one
   plain form post that sends the fan to the payment provider's checkout. A signed-in, private
   page: a visitor logs in and comes back here (requireUser). The form carries an idempotency key
   made for this page, so a double click or a resubmitted form is one purchase.
   A promo code is applied in the same form (Apply, intent `apply-coupon`): the action answers the
   channel's quote with the code (apply_coupon), or 'Wrong promo code' on the field; the page
   shows that summary, and the code rides in a hidden field to Pay, where the channel checks it
   again and recomputes the total. Applying or removing a code keeps the page's idempotency key.
   A fan with saved cards chooses one, or a new card, under "Pay with" (ADR 018): a saved card is
   charged at once (the order page next, or the bank's page first); a new card goes to the
   checkout. Subscriptions are always paid on the checkout, which sets up their renewals. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout', 'Review what you are buying, then pay by card.');

const ALL_SALES_FINAL = 'All sales final, no refunds.';
/** A trial asked for (`trial=1`) that the channel does not offer this fan: one per fan (ADR 027). */
export const TRIAL_REFUSED = 'A free trial is not available to you: this subscription starts with its first payment.';

type InvoicePreview = ResponseOf<typeof api.invoicePreview>['data'];

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const wanted = purchaseFromQuery(new URL(args.request.url).searchParams);
  const csrfToken = await requestContext(args).session.csrfToken();
  try {
    const { trial, summary } = await quoteSummary(args, wanted);
    const cards = summary.type === 'subscription' ? [] : await savedCards(args);
    return json({ wanted: { ...wanted, trial: trial ? ('1' as const) : undefined }, summary, cards, problem: null, idempotencyKey: randomUUID(), csrfToken });
  } catch (error) {
    if (!(error instanceof ChannelError) || error.status >= 500) throw error;
    const problem = purchaseMessage(error.message, error.status);
    return json(
      { wanted, summary: null, cards: [] as CardChoice[], problem, idempotencyKey: null, csrfToken },
      { status: error.status === 404 ? 404 : error.status === 409 ? 409 : 400 },
    );
  }
}

/** The fan's saved cards for "Pay with"; none when the provider cannot say (the checkout still works). */
async function savedCards(args: RouteArgs): Promise<CardChoice[]> {
  try {
    const { data } = await callAsUser(args, api.listCards, {}, { handles4xx: true });
    return data.map((c) => ({ id: c.id, label: cardLabel(c) }));
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    console.error(`[buy] no saved cards: the channel answered ${error.status} ${error.message}`);
    return [];
  }
}

/** The channel's quote (with a promotion code: apply_coupon's), and for a subscription what is due
 *  today and when it is charged next (invoice preview; the trial only if it is offered). */
async function quoteSummary(args: RouteArgs, wanted: WantedPurchase, code?: string) {
  const ids = { ...purchaseParams(wanted), ...(wanted.gift ? { gift: '1' as const } : {}) };
  const { data } = code
    ? await callAsUser(args, api.applyCoupon, { ...ids, code }, { handles4xx: true })
    : await callAsUser(args, api.purchaseQuote, ids, { handles4xx: true });
  const trial = Boolean(wanted.trial && data.trial_days);
  const preview =
    data.type === 'subscription' && wanted.subscription
      ? (
          await callAsUser(
            args,
            api.invoicePreview,
            { subscription_id: wanted.subscription, ...(trial ? { trial } : {}), ...(code ? { promotion_code: code } : {}) },
            { handles4xx: true },
          )
        ).data
      : null;
  return { trial, summary: summaryOf(data, preview, trial, Boolean(wanted.trial)) };
}

/** The quote as the page shows it: money already formatted, in the channel's currency. */
function summaryOf(q: Quote, preview: InvoicePreview | null, trial: boolean, trialAsked: boolean) {
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
    /** Asked for, not offered: the fan has had their trial (or there is none). */
    trialRefused: trialAsked && !trial,
    type: q.type,
    product: q.product,
    lines: q.lines.map((l) => ({ name: l.name, amount: money(l.amount) })),
    coupon: q.coupon ? { ...q.coupon, discount: money(q.discount) } : null,
    serviceFee: q.service_fee > 0 ? money(q.service_fee) : null,
    total: money(q.total),
    currency: q.currency,
    testMode: q.provider === 'sandbox',
  };
}

type Summary = ReturnType<typeof summaryOf>;

/** What every answer of the action carries: the form's reply, the summary to show instead of the
 *  loader's (a code applied), and the page's idempotency key (the loader makes a new one on every
 *  load: the form keeps its own). */
const answer = (result: SubmissionResult<string[]>, opts: { summary?: Summary | null; idempotencyKey?: string | null; status?: number } = {}) =>
  json({ result, summary: opts.summary ?? null, idempotencyKey: opts.idempotencyKey ?? null }, { status: opts.status ?? 200 });

const statusOf = (error: ChannelError) => (error.status >= 500 ? 503 : error.status === 409 ? 409 : 400);
const isWrongCode = (error: unknown, field: string) => error instanceof ChannelError && error.status === 400 && Boolean(error.errors[field]);

/** The form's own idempotency key, when it is one (else the loader's new one is used). */
const pageKey = (formData: FormData) => {
  const key = idempotencyKey.safeParse(formData.get('idempotency_key'));
  return key.success ? key.data : null;
};

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  switch (buyIntent(formData.get('intent'))) {
    case 'buy':
      return pay(args, formData);
    case 'apply-coupon':
      return applyCode(args, formData);
    case 'remove-coupon': {
      // The summary goes back to the loader's, the channel's quote without a code.
      const submission = parseWithZod(formData, { schema: removeCouponSchema });
      if (submission.status !== 'success') return hiddenFieldsRefused(submission);
      return answer(submission.reply({ resetForm: true }), { idempotencyKey: pageKey(formData) });
    }
    default:
      throw refused(400);
  }
}

interface Submission {
  error?: Record<string, string[] | null> | null;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean }): SubmissionResult<string[]>;
}

/** The purchase's fields are hidden: whatever is wrong with them is said once, for the whole form. */
function hiddenFieldsRefused(submission: Submission) {
  const formErrors = [...new Set(Object.values(submission.error ?? {}).flatMap((e) => e ?? []))];
  return answer(submission.reply({ formErrors, fieldErrors: {} }), { status: 400 });
}

/** Apply: the channel's quote with the code, or its refusal on the field. */
async function applyCode(args: RouteArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: applyCouponSchema });
  if (submission.status !== 'success') {
    // What the fan typed is said on its field; anything else is the hidden fields'.
    if (submission.error?.code && Object.keys(submission.error).length === 1)
      return answer(submission.reply(), { idempotencyKey: pageKey(formData), status: 400 });
    return hiddenFieldsRefused(submission);
  }
  const { idempotency_key: idempotencyKey, code, ...wanted } = submission.value;
  try {
    return answer(submission.reply(), { summary: (await quoteSummary(args, wanted, code)).summary, idempotencyKey });
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    if (isWrongCode(error, 'code')) return answer(submission.reply({ fieldErrors: { code: [ORDER_MSG.wrongPromoCode] } }), { idempotencyKey, status: 400 });
    return answer(submission.reply({ formErrors: [purchaseMessage(error.message, error.status)] }), { idempotencyKey, status: statusOf(error) });
  }
}

/** Pay: the purchase, with the applied code, to the provider's checkout. */
async function pay(args: RouteArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: paySchema });
  if (submission.status !== 'success') {
    // The gift's fields and "Pay with" are the fan's: their mistakes are said on them; anything
    // else is the hidden fields'.
    if (Object.keys(submission.error ?? {}).every((name) => name === 'gift_email' || name === 'gift_message' || name === 'payment_method'))
      return answer(submission.reply(), { idempotencyKey: pageKey(formData), status: 400 });
    return hiddenFieldsRefused(submission);
  }
  const { idempotency_key, promotion_code, gift_email, gift_message, choose_card: _asked, payment_method, ...wanted } = submission.value;
  const payment_method_id = payment_method && payment_method !== NEW_CARD && !wanted.trial ? payment_method : undefined;
  const params = {
    ...purchaseParams(wanted),
    promotion_code,
    idempotency_key,
    ...(wanted.gift ? { gift_email, gift_message } : {}),
    ...(payment_method_id ? { payment_method_id } : {}),
  };
  let started;
  try {
    // A package with its choices is a bundle; a single event or a subscription a plain purchase.
    ({ data: started } =
      wanted.trial && !wanted.gift
        ? await callAsUser(args, api.startTrial, { subscription_id: params.subscription_id!, promotion_code, idempotency_key })
        : params.event_category_ids || params.participant_ids
          ? await callAsUser(args, api.buyBundle, params)
          : await callAsUser(args, api.buy, params));
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    if (payment_method_id && error.status < 500 && error.errors.payment_method_id) {
      // Removed meanwhile (another tab), or not theirs: said on "Pay with".
      return answer(submission.reply({ fieldErrors: { payment_method: [ORDER_MSG.cardNotFound] } }), { idempotencyKey: idempotency_key, status: 400 });
    }
    if (promotion_code && isWrongCode(error, 'promotion_code')) {
      // Used up, or expired, since it was applied: the summary without it, the code back in its
      // field with the reason.
      const reply = submission.reply({ fieldErrors: { code: [ORDER_MSG.wrongPromoCode] } });
      return answer({ ...reply, initialValue: { ...reply.initialValue, code: promotion_code } }, { idempotencyKey: idempotency_key, status: 400 });
    }
    const reply = error.errors.gift_email
      ? submission.reply({ fieldErrors: { gift_email: error.errors.gift_email } })
      : submission.reply({ formErrors: [purchaseMessage(error.message, error.status)] });
    return answer(reply, {
      summary: promotion_code ? await summaryWith(args, wanted, promotion_code) : null,
      idempotencyKey: idempotency_key,
      status: statusOf(error),
    });
  }
  const to = paymentRedirect(started.redirect_url, env.PUBLIC_URL);
  if (!to) {
    console.error(`[buy] the channel answered a redirect_url that is neither ours nor the payment provider's: ${started.redirect_url}`);
    return answer(submission.reply({ formErrors: [purchaseMessage('', 500)] }), { idempotencyKey: idempotency_key, status: 502 });
  }
  // A whole-document navigation, with JavaScript too: the checkout is not a page of this app.
  return redirectDocument(to, 303);
}

/** The summary with the code still applied, after a refusal that was not about it; null when it
 *  cannot be had (the page then shows the quote without the code). */
async function summaryWith(args: RouteArgs, wanted: WantedPurchase, code: string): Promise<Summary | null> {
  try {
    return (await quoteSummary(args, wanted, code)).summary;
  } catch (error) {
    if (error instanceof ChannelError) return null;
    throw error;
  }
}

/** Applying or removing a code answers the summary itself: the loader need not quote again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData ? buyIntent(formData.get('intent')) : null;
  return intent === 'apply-coupon' || intent === 'remove-coupon' ? false : defaultShouldRevalidate;
};

export default function Buy() {
  const loaded = useLoaderData<typeof loader>();
  const { wanted, problem, cards } = loaded;
  const answered = useActionData<typeof action>();
  const summary = answered?.summary ?? loaded.summary;
  const formKey = answered?.idempotencyKey ?? loaded.idempotencyKey;
  const kit = useAppForm({ id: 'buy', schema: buyFormSchema, lastResult: answered?.result });
  return (
    <div className="page page--buy">
      <h1>{wanted.gift ? 'Checkout: a gift' : 'Checkout'}</h1>
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
                {summary.coupon ? <DiscountRow coupon={summary.coupon} /> : null}
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
            {summary.type === 'package' ? <GiftSwitch gift={Boolean(wanted.gift)} href={buyHref({ ...wanted, gift: wanted.gift ? undefined : '1' })} /> : null}
            {summary.trialRefused ? <p role="status">{TRIAL_REFUSED}</p> : null}
            {summary.trialOffer ? (
              <p>
                <Link to={buyHref({ ...wanted, trial: '1' })}>Start with a {summary.trialOffer}-day free trial instead</Link>
              </p>
            ) : null}
            <p className="purchase-summary__final">{ALL_SALES_FINAL}</p>
          </section>
          <AppForm kit={kit}>
            <PurchaseFields wanted={wanted} />
            <input type="hidden" name="idempotency_key" value={formKey ?? ''} />
            {wanted.gift ? <GiftFields email={kit.fields.gift_email} message={kit.fields.gift_message} /> : null}
            {/* Before Pay: Enter in the code field applies it (a form's default button is its first). */}
            {summary.coupon ? <AppliedCode coupon={summary.coupon} /> : <PromoCodeField meta={kit.fields.code} />}
            {cards.length > 0 ? <PayWith meta={kit.fields.payment_method} cards={cards} /> : null}
            <p className="field__hint" id="pay-hint">
              {cards.length > 0
                ? 'A saved card is charged at once (your bank may ask you to confirm). A new card is entered on the next page.'
                : summary.testMode
                  ? 'You pay on the next page, a test checkout: use a test card such as 4242 4242 4242 4242.'
                  : 'You pay on the next page, with Stripe.'}
            </p>
            <div className="form-actions">
              <SubmitButton intent="buy" pendingText="Opening the checkout…">
                {summary.trialDays ? 'Start free trial' : `Pay ${summary.total}`}
              </SubmitButton>
              <Link to={backTo(wanted)}>Back</Link>
            </div>
          </AppForm>
        </>
      )}
    </div>
  );
}

/** What is being bought, as the form posts it again (the same ids the summary was made from). */
function PurchaseFields({ wanted }: { wanted: WantedPurchase }) {
  return (
    <>
      {wanted.event ? <input type="hidden" name="event" value={wanted.event} /> : null}
      {wanted.package ? <input type="hidden" name="package" value={wanted.package} /> : null}
      {wanted.subscription ? <input type="hidden" name="subscription" value={wanted.subscription} /> : null}
      {wanted.addon ? <input type="hidden" name="addon" value={wanted.addon} /> : null}
      {wanted.trial ? <input type="hidden" name="trial" value="1" /> : null}
      {wanted.gift ? <input type="hidden" name="gift" value="1" /> : null}
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
function backTo(wanted: WantedPurchase): string {
  if (wanted.event) return `/watch/${wanted.event}`;
  if (wanted.package) return `/select-package/${wanted.package}`;
  return '/packages';
}

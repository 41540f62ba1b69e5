import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { api, idempotencyKey, ORDER_MSG, type Quote, type ResponseOf } from '#contract';
import { formatDate } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf, type Refusal } from '~/channel/refusal.server';
import type { CardChoice } from '~/components/purchase/PayWith';
import { USER_MSG } from '~/domain/auth-messages';
import { cardLabel } from '~/domain/payment-cards';
import { purchaseMessage } from '~/domain/purchase-messages';
import { intentOf } from '~/forms/intent';
import {
  applyCouponSchema,
  BUY_INTENTS,
  NEW_CARD,
  paySchema,
  purchaseFromQuery,
  purchaseParams,
  removeCouponSchema,
  type WantedPurchase,
} from '~/forms/purchase';
import { refusalReply } from '~/forms/reply.server';
import { trackingOf } from '~/http/navigation.server';
import { seeOtherToProvider } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import type { AppTranslator } from '~/i18n/english';
import { i18nOf } from '~/i18n/locale.server';

/* /buy's server side (the page is app/routes/buy.tsx): the channel's quote as the page shows it
   (the web app prices nothing), a promo code applied or removed in the same form, and Pay, which
   sends the fan to the payment provider's checkout, charges a saved card, or starts a trial.
   Every refusal of the channel is read with refusalOf and said in the spec's words
   (domain/purchase-messages.ts). */

type InvoicePreview = ResponseOf<typeof api.invoicePreview>['data'];

/** The page: the channel's summary of what is being bought, or why it cannot be (a 4xx the page
 *  explains; an outage is the 'Whoops!' screen). */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const wanted = purchaseFromQuery(new URL(args.request.url).searchParams);
  const csrfToken = await requestContext(args).session.csrfToken();
  try {
    const { trial, summary } = await quoteSummary(args, wanted);
    const cards = summary.type === 'subscription' ? [] : await savedCards(args);
    return json({ wanted: { ...wanted, trial: trial ? ('1' as const) : undefined }, summary, cards, problem: null, idempotencyKey: randomUUID(), csrfToken });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'outage') throw error;
    const reply = refusalReply(refusal, { message: purchaseMessage });
    return json({ wanted, summary: null, cards: [] as CardChoice[], problem: reply.message, idempotencyKey: null, csrfToken }, reply.init);
  }
}

/** The fan's saved cards for "Pay with"; none when the provider cannot say (the checkout still works). */
async function savedCards(args: RouteArgs): Promise<CardChoice[]> {
  try {
    const { data } = await requestContext(args).channel.asUser(api.listCards, {}, { handles4xx: true });
    const { t } = await i18nOf(args);
    return data.map((c) => ({ id: c.id, label: cardLabel(c, t) }));
  } catch (error) {
    const { code, message } = refusalOf(error);
    console.error(`[buy] no saved cards: the channel answered ${code}: ${message}`);
    return [];
  }
}

/** The channel's quote (with a promotion code: apply_coupon's), and for a subscription what is due
 *  today and when it is charged next (invoice preview; the trial only if it is offered). */
async function quoteSummary(args: RouteArgs, wanted: WantedPurchase, code?: string) {
  const { channel } = requestContext(args);
  const ids = { ...purchaseParams(wanted), ...(wanted.gift ? { gift: '1' as const } : {}) };
  const { data } = code
    ? await channel.asUser(api.applyCoupon, { ...ids, code }, { handles4xx: true })
    : await channel.asUser(api.purchaseQuote, ids, { handles4xx: true });
  const trial = Boolean(wanted.trial && data.trial_days);
  const preview =
    data.type === 'subscription' && wanted.subscription
      ? (
          await channel.asUser(
            api.invoicePreview,
            { subscription_id: wanted.subscription, ...(trial ? { trial } : {}), ...(code ? { promotion_code: code } : {}) },
            { handles4xx: true },
          )
        ).data
      : null;
  return { trial, summary: summaryOf(data, preview, trial, Boolean(wanted.trial), await i18nOf(args), await channel.timeZone()) };
}

/** The quote as the page shows it: money already formatted, in the channel's currency. */
function summaryOf(q: Quote, preview: InvoicePreview | null, trial: boolean, trialAsked: boolean, i18n: AppTranslator, timeZone: string) {
  const { t, locale } = i18n;
  const money = (amount: number) => formatMoney(amount, q.currency, locale);
  return {
    trialDays: trial ? q.trial_days : null,
    /** A subscription: what is due today, and the next charge and when (invoice preview). */
    billing: preview
      ? {
          dueToday: money(preview.due_today),
          next: t(q.period === 'annual' ? 'commerce.buy.nextYearly' : 'commerce.buy.next30Days', {
            amount: money(preview.next_amount),
            date: formatDate(preview.next_date, timeZone, locale),
          }),
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

export type Summary = ReturnType<typeof summaryOf>;

/** What every answer of the action carries: the form's reply, the summary to show instead of the
 *  loader's (a code applied), and the page's idempotency key (the loader makes a new one on every
 *  load: the form keeps its own). */
const answer = (result: SubmissionResult<string[]>, opts: { summary?: Summary | null; idempotencyKey?: string | null; status?: number } = {}) =>
  json({ result, summary: opts.summary ?? null, idempotencyKey: opts.idempotencyKey ?? null }, { status: opts.status ?? 200 });

/** The code the fan typed, refused (unknown, expired, used up, not a code at all): said on its field. */
const isWrongCode = (refusal: Refusal, field: string) => refusal.kind === 'invalid' && Boolean(refusal.errors[field]);

/** The form's own idempotency key, when it is one (else the loader's new one is used). */
const pageKey = (formData: FormData) => {
  const key = idempotencyKey.safeParse(formData.get('idempotency_key'));
  return key.success ? key.data : null;
};

/** The form: Pay, Apply a code, Remove it (told apart by `intent`). */
export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  switch (intentOf(formData, BUY_INTENTS)) {
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
    const refusal = refusalOf(error);
    const { init, formErrors } = refusalReply(refusal, { message: purchaseMessage });
    if (isWrongCode(refusal, 'code'))
      return answer(submission.reply({ fieldErrors: { code: [ORDER_MSG.wrongPromoCode] } }), { idempotencyKey, status: init.status });
    return answer(submission.reply({ formErrors }), { idempotencyKey, status: init.status });
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
  // The campaign the fan came with (`?trk=`, kept 3 hours) goes on the orders (ADR 049).
  const trk = (await trackingOf(args.request)) ?? undefined;
  const params = {
    ...purchaseParams(wanted),
    promotion_code,
    idempotency_key,
    trk,
    ...(wanted.gift ? { gift_email, gift_message } : {}),
    ...(payment_method_id ? { payment_method_id } : {}),
  };
  const { channel } = requestContext(args);
  let started;
  try {
    // A package with its choices is a bundle; a single event or a subscription a plain purchase.
    ({ data: started } =
      wanted.trial && !wanted.gift
        ? await channel.asUser(api.startTrial, { subscription_id: params.subscription_id!, promotion_code, idempotency_key, trk })
        : params.event_category_ids || params.participant_ids
          ? await channel.asUser(api.buyBundle, params)
          : await channel.asUser(api.buy, params));
  } catch (error) {
    const refusal = refusalOf(error);
    const { init, formErrors, fieldErrors } = refusalReply(refusal, { message: purchaseMessage, fields: ['gift_email'] });
    if (payment_method_id && refusal.kind !== 'outage' && refusal.errors.payment_method_id) {
      // Removed meanwhile (another tab), or not theirs: said on "Pay with".
      return answer(submission.reply({ fieldErrors: { payment_method: [ORDER_MSG.cardNotFound] } }), { idempotencyKey: idempotency_key, status: init.status });
    }
    if (promotion_code && isWrongCode(refusal, 'promotion_code')) {
      // Used up, or expired, since it was applied: the summary without it, the code back in its
      // field with the reason.
      const reply = submission.reply({ fieldErrors: { code: [ORDER_MSG.wrongPromoCode] } });
      return answer({ ...reply, initialValue: { ...reply.initialValue, code: promotion_code } }, { idempotencyKey: idempotency_key, status: init.status });
    }
    return answer(submission.reply({ formErrors, fieldErrors }), {
      summary: promotion_code ? await summaryWith(args, wanted, promotion_code) : null,
      idempotencyKey: idempotency_key,
      status: init.status,
    });
  }
  return (
    seeOtherToProvider(started.redirect_url, 'buy') ??
    answer(submission.reply({ formErrors: [USER_MSG.outage] }), { idempotencyKey: idempotency_key, status: 502 })
  );
}

/** The summary with the code still applied, after a refusal that was not about it; null when it
 *  cannot be had (the page then shows the quote without the code). */
async function summaryWith(args: RouteArgs, wanted: WantedPurchase, code: string): Promise<Summary | null> {
  try {
    return (await quoteSummary(args, wanted, code)).summary;
  } catch (error) {
    refusalOf(error); // (anything else is thrown on)
    return null;
  }
}

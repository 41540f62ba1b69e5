import type { SubmissionResult } from '@conform-to/react';
import { json, type TypedResponse } from '@remix-run/node';
import { refusalOf, type Refusal, type RefusalKind } from '~/channel/refusal.server';
import { USER_MSG, userFieldMessage, userMessage } from '~/domain/auth-messages';
import { seeOtherWithToast } from '~/http/redirects.server';

/* The one reply to a channel refusal a route handles (read by refusalOf), for every action and
   loader: one status per kind of refusal, the words a fan reads — chosen per area
   (app/domain/auth-messages.ts, purchase-messages.ts, feature-messages.ts, clips.ts), never from
   the channel's English — and, on a form, the channel's per-field reasons on the form's own
   fields (spec section 8 user messages). Secrets are never echoed back (hideFields). */

/** The status of each kind of refusal, whatever the route. */
const STATUS: Record<RefusalKind, number> = {
  outage: 503,
  throttled: 429,
  'signed-out': 401,
  'not-found': 404,
  conflict: 409,
  invalid: 400,
};

/** What a fan reads: the area's chooser (it words an outage too), or one sentence for any refusal
 *  but an outage, which is the spec's outage message. */
type Words = ((refusal: Refusal) => string) | string;

interface ReplyOptions {
  /** Default: the account's words (userMessage). */
  message?: Words;
  /** The form's fields the channel's reasons are said on: their names when the channel's are the
   *  same, else the channel's name → the form's. A reason on no field of the form is not shown:
   *  the form's message says it. */
  fields?: readonly string[] | Readonly<Record<string, string>>;
}

interface RefusalReply {
  /** The response's status, and a 429's Retry-After. */
  init: { status: number; headers: Record<string, string> };
  /** The sentence a fan reads: a form's message, a notice, a toast. */
  message: string;
  /** The channel's reasons on the form's own fields. */
  fieldErrors: Record<string, string[]>;
  /** The form's message: none when a field says why. */
  formErrors: string[];
}

export function refusalReply(refusal: Refusal, opts: ReplyOptions = {}): RefusalReply {
  const words = opts.message ?? userMessage;
  const message = typeof words === 'string' ? (refusal.kind === 'outage' ? USER_MSG.outage : words) : words(refusal);
  const fieldErrors = fieldErrorsOf(refusal, opts.fields ?? []);
  const retryAfter = refusal.kind === 'throttled' && refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : undefined;
  return {
    init: { status: STATUS[refusal.kind], headers: { ...retryAfter } },
    message,
    fieldErrors,
    formErrors: Object.keys(fieldErrors).length ? [] : [message],
  };
}

function fieldErrorsOf(refusal: Refusal, fields: NonNullable<ReplyOptions['fields']>): Record<string, string[]> {
  const formFieldOf = (name: string): string | undefined =>
    Array.isArray(fields) ? (fields.includes(name) ? name : undefined) : Object.hasOwn(fields, name) ? (fields as Record<string, string>)[name] : undefined;
  const out: Record<string, string[]> = {};
  for (const [name, reasons] of Object.entries(refusal.errors)) {
    const field = formFieldOf(name);
    if (field) out[field] = [...(out[field] ?? []), ...reasons.map((reason) => userFieldMessage(refusal, reason))];
  }
  return out;
}

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/** A form's answer to the channel's refusal of it: `{ result }` for useAppForm, with the reply's
 *  status. `error` is what the channel call threw: anything but a refusal is thrown on (refusalOf). */
export function channelErrorReply(submission: Replyable, error: unknown, opts: ReplyOptions & { hideFields?: string[] }) {
  const reply = refusalReply(refusalOf(error), opts);
  return json({ result: submission.reply({ formErrors: reply.formErrors, fieldErrors: reply.fieldErrors, hideFields: opts.hideFields }) }, reply.init);
}

/** A link's or a form's answer that goes back to a page: the refusal's words in a toast there. */
export function refusalToast(
  session: Parameters<typeof seeOtherWithToast>[0],
  to: string,
  refusal: Refusal,
  opts: { message?: Words; type?: 'error' | 'info' } = {},
): Promise<TypedResponse<never>> {
  return seeOtherWithToast(session, to, { text: refusalReply(refusal, opts).message, type: opts.type ?? 'error' });
}

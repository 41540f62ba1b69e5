import type { SubmissionResult } from '@conform-to/react';
import { json } from '@remix-run/node';
import { refusalOf, type Refusal } from '~/channel/refusal.server';
import { signInThrottledMessage, userFieldMessage, userMessage } from '~/domain/auth-messages';

/* How an action answers a form the channel refused: the channel's per-field reasons on the fields
   this form has, anything else as the form's message (spec section 8 user messages). Secrets are
   never echoed back (hideFields). */

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

interface ReplyOptions {
  fields: string[];
  hideFields?: string[];
  /** The words of a refusal that names no field of this form (default: the account messages). */
  message?: (refusal: Refusal) => string;
}

/** `error` is what the channel call threw: anything but a channel error is thrown on (refusalOf). */
export function channelErrorReply(submission: Replyable, error: unknown, opts: ReplyOptions) {
  const refusal = refusalOf(error);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, reasons] of Object.entries(refusal.errors)) {
    if (opts.fields.includes(field)) fieldErrors[field] = reasons.map((reason) => userFieldMessage(refusal, reason));
  }
  // A 429 reaches a form only from the sign-in limits (CallOptions.handles429): it says how long to wait.
  const throttled = refusal.kind === 'throttled';
  const formErrors = Object.keys(fieldErrors).length
    ? []
    : [throttled ? signInThrottledMessage(refusal.retryAfterSeconds) : (opts.message ?? userMessage)(refusal)];
  return json(
    { result: submission.reply({ formErrors, fieldErrors, hideFields: opts.hideFields }) },
    {
      status: refusal.kind === 'outage' ? 503 : throttled ? 429 : 400,
      headers: throttled && refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : undefined,
    },
  );
}

import type { SubmissionResult } from '@conform-to/react';
import { json } from '@remix-run/node';
import { ChannelError } from '~/channel/client.server';
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
  message?: (message: string, status: number) => string;
}

export function channelErrorReply(submission: Replyable, error: unknown, opts: ReplyOptions) {
  if (!(error instanceof ChannelError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, reasons] of Object.entries(error.errors)) {
    if (opts.fields.includes(field)) fieldErrors[field] = reasons.map(userFieldMessage);
  }
  // A 429 reaches a form only from the sign-in limits (CallOptions.handles429): it says how long to wait.
  const throttled = error.status === 429;
  const formErrors = Object.keys(fieldErrors).length
    ? []
    : [throttled ? signInThrottledMessage(error.retryAfterSeconds) : (opts.message ?? userMessage)(error.message, error.status)];
  return json(
    { result: submission.reply({ formErrors, fieldErrors, hideFields: opts.hideFields }) },
    {
      status: error.status >= 500 ? 503 : throttled ? 429 : 400,
      headers: throttled && error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined,
    },
  );
}

import type { SubmissionResult } from '@conform-to/react';
import { json } from '@remix-run/node';
import { ChannelError } from '~/channel/client.server';
import { userFieldMessage, userMessage } from '~/domain/auth-messages';

/* How an action answers a form the channel refused: the channel's per-field reasons on the fields
   this form has, anything else as the form's message (spec section 8 user messages). Secrets are
   never echoed back (hideFields). */

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

export function channelErrorReply(submission: Replyable, error: unknown, opts: { fields: string[]; hideFields?: string[] }) {
  if (!(error instanceof ChannelError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, reasons] of Object.entries(error.errors)) {
    if (opts.fields.includes(field)) fieldErrors[field] = reasons.map(userFieldMessage);
  }
  const formErrors = Object.keys(fieldErrors).length ? [] : [userMessage(error.message, error.status)];
  return json(
    { result: submission.reply({ formErrors, fieldErrors, hideFields: opts.hideFields }) },
    { status: error.status >= 500 ? 503 : error.status === 429 ? 429 : 400 },
  );
}

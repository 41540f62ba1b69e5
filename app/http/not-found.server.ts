import { redirect } from '@remix-run/node';
import { id as idSchema } from '#contract';

/* Spec section 2: anything that does not exist ends on /404. (A channel call that a page's URL
   makes fail, an unknown id say, ends there too: channel/client.server.ts.) */

/** A route param that is an id the channel can have (the contract's bounds), else /404. */
export function idParamOr404(value: string | undefined): number {
  const parsed = value && /^\d{1,10}$/.test(value) ? idSchema.safeParse(value) : null;
  if (!parsed?.success) throw redirect('/404');
  return parsed.data;
}

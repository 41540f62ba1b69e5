import { redirect } from '@remix-run/node';
import { id as idSchema } from '#contract';

/* Spec section 2: anything that does not exist ends on /404, always the same way: notFound(). (A
   channel call that a page's URL makes fail, an unknown id say, ends there too:
   channel/client.server.ts.) */

/** The redirect to the not-found page (a 302: a form post to it is followed with a GET too). */
export function notFound(): Response {
  return redirect('/404', 302);
}

/** A route param that is an id the channel can have (the contract's bounds), else /404. */
export function idParamOr404(value: string | undefined): number {
  const parsed = value && /^\d{1,10}$/.test(value) ? idSchema.safeParse(value) : null;
  if (!parsed?.success) throw notFound();
  return parsed.data;
}

/** Whether a thrown value is notFound()'s answer: a channel call that a page's URL made fail
 *  (channel/client.server.ts), which a page asking about several ids may leave out instead. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Response && error.status === 302 && error.headers.get('Location') === '/404';
}

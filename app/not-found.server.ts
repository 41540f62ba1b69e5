import { redirect } from '@remix-run/node';
import { ChannelError } from '~/channel/errors.server';

/* Spec section 2: anything that does not exist ends on /404. */

/** A positive integer id from a route param, else a redirect to /404. */
export function idParamOr404(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect('/404');
  return id;
}

/** The channel's answer, or a redirect to /404 when the channel says it does not exist. */
export function or404<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof ChannelError && error.status === 404) throw redirect('/404');
    throw error;
  });
}

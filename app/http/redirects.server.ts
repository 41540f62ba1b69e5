import { redirect, redirectDocument, type TypedResponse } from '@remix-run/node';
import { env } from '~/config/env.server';
import { pageOf } from '~/domain/navigation';
import { paymentRedirect } from './payment-redirect';

/* The redirects every route shares: a 303 after a form post (or to leave for another site), the
   same with a toast, the one way to the payment provider's page, and the way to /login and back.
   The request session rides along (it is committed onto whatever a route returns or throws:
   server/remix-handler.ts). */

/** A 303: the browser GETs `to` (after a form post, whatever its method). `document`: a whole-
 *  document navigation even with JavaScript (a page that is not this app's: a payment provider's). */
export function seeOther(to: string, init: { headers?: HeadersInit; document?: boolean } = {}): TypedResponse<never> {
  return (init.document ? redirectDocument : redirect)(to, { status: 303, headers: init.headers });
}

/** A 303 to the payment provider's page the channel answered (a checkout, the billing portal, "Add a
 *  card"), as a whole-document navigation, with JavaScript too: it is not a page of this app. Only
 *  our pages and the provider's are followed (app/http/payment-redirect.ts): anything else is
 *  logged, as `who` asked it, and null: the caller tells the fan. */
export function seeOtherToProvider(url: string, who: string): TypedResponse<never> | null {
  const to = paymentRedirect(url, env.PUBLIC_URL);
  if (to) return seeOther(to, { document: true });
  console.error(`[${who}] the channel answered an address that is neither ours nor the payment provider's: ${url}`);
  return null;
}

/** A 303 to `to` that shows the fan a toast there. */
export async function seeOtherWithToast(
  session: { toast(toast: { text: string; type: 'success' | 'error' | 'info' }): Promise<void> },
  to: string,
  toast: { text: string; type: 'success' | 'error' | 'info' },
): Promise<TypedResponse<never>> {
  await session.toast(toast);
  return seeOther(to);
}

/** /login, coming back to this request's page afterwards. */
export function loginUrl(request: Request): string {
  return `/login?${new URLSearchParams({ redirectTo: pageOf(new URL(request.url)) })}`;
}

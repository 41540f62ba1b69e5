import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { api, RETURN_PATHS } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { refusalToast } from '~/forms/reply.server';
import { seeOtherToProvider } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';

/* /billing: "Manage billing" (spec: GET /stripe/customer-portal) — a fresh link to the payment
   provider's billing portal (Stripe's, or the sandbox's own page), followed at once. The portal
   comes back to the page the link was on (`?from=`: the profile, or a subscription's order page;
   the contract's allow-list, ADR 029), else to /profile. Only the provider's pages are followed
   (app/http/payment-redirect.ts). */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const from = new URL(args.request.url).searchParams.get('from') ?? '';
  const returnUrl = RETURN_PATHS.portal.test(from) ? from : '/profile';
  const { channel, session } = requestContext(args);
  try {
    const { data } = await channel.asUser(api.customerPortal, { return_url: returnUrl }, { handles4xx: true });
    const portal = seeOtherToProvider(data.url, 'billing');
    if (portal) return portal;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'outage') throw error;
    // The channel's reason as it is ("There is nothing to manage yet: …").
    return refusalToast(session, '/profile', refusal, { message: (r) => r.message, type: 'info' });
  }
  await session.toast({ type: 'error', text: 'Manage billing is not available right now. Please try again later.' });
  return redirect('/profile');
}

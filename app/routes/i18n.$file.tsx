import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLocale } from '#contract/locale';
import { catalogueScript } from '~/i18n/catalogue.server';

/* /i18n/<locale>.js?v=<version>: the messages a page of that language formats in the browser
   (issue 36, ADR 055), loaded by the layout before the app starts; /i18n/<locale>-operator.js
   adds the operator's report to them, for an operator's pages. The same for everyone, so a
   browser and a CDN keep the version a page names for a year (also for a signed-in fan:
   app/http/cache-policy.ts); another version, or none, is kept a minute. */

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function loader({ params, request }: LoaderFunctionArgs) {
  const [, locale, operator] = /^([a-z]{2})(-operator)?\.js$/.exec(params.file ?? '') ?? [];
  if (!isLocale(locale))
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' } });
  const script = catalogueScript(locale, operator ? 'operator' : 'fan');
  const current = new URL(request.url).searchParams.get('v') === script.version;
  return new Response(script.body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': current ? IMMUTABLE : 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

import type { LinksFunction, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { Suspense, type ReactNode } from 'react';
import { AppStyles } from '~/components/layout/AppStyles';
import { CookieNotice } from '~/components/layout/CookieNotice';
import { Footer } from '~/components/layout/Footer';
import { Header } from '~/components/layout/Header';
import { SkipLink } from '~/components/layout/SkipLink';
import { PathLinks } from '~/components/PathLinks';
import { GOOGLE_TAG_SCRIPT } from '~/domain/google-tag';
import { i18nFrom } from '~/domain/page-meta';
import { describeError } from '~/http/error-kind';
import { onDemand } from '~/http/on-demand';
import * as serverRender from '~/http/server-render.server';
import { CATALOGUE_SRC_ID, catalogueSrc } from '~/i18n/english';
import { I18nProvider } from '~/i18n/I18nProvider';
import type { loader } from '~/loaders/root.server';

export { loader } from '~/loaders/root.server';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/* The loader sends the page title (domain/page-meta documentTitle). An error title has the same
 * '<page> | <channel name>' form; it is put together here, as the root loader may have failed. */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error) {
    const info = describeError(error);
    const { sentence } = i18nFrom(matches);
    return [{ title: `${sentence(info.title)} | ${data?.settings.name.trim() || 'Fieldhouse'}` }, { name: 'description', content: sentence(info.message) }];
  }
  return [{ title: data?.title ?? 'Fieldhouse' }];
};

/** After a form post (toasts, sign-in), and on each new page: the root loader remembers the
 *  page and applies the navigation rules (spec section 2). Its bootstrap data is cached, so this
 *  costs no channel call. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

/** The document around both the app and the error screens; loader data is absent on errors. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? 'en';
  const audience = data?.user?.operator ? 'operator' : 'fan';
  return (
    <html lang={data?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <AppStyles />
        <Links />
        {data?.alternates.map((a) => (
          <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
        ))}
        {data?.colorCss ? <style dangerouslySetInnerHTML={{ __html: data.colorCss }} /> : null}
        {/* The Google tag, started from our own origin with every consent denied first (ADR 051). */}
        {data?.googleTag ? <script src={GOOGLE_TAG_SCRIPT} defer data-tag-id={data.googleTag.id} data-consent={data.googleTag.consent} /> : null}
      </head>
      <body>
        {/* The fan's language (issue 36, ADR 055): English unless the channel has multilanguage on. */}
        <I18nProvider locale={locale} audience={audience} timeZone={data?.settings.time_zone ?? 'UTC'}>
          {children}
        </I18nProvider>
        <ScrollRestoration />
        {data ? <script dangerouslySetInnerHTML={{ __html: data.envScript }} /> : null}
        {/* Where the messages of the page's language are (ADR 055): entry.client loads them before
            it hydrates, after the first screen as the app's modules (ADR 025), never beside it. */}
        <script type="application/json" id={CATALOGUE_SRC_ID} dangerouslySetInnerHTML={{ __html: JSON.stringify(catalogueSrc(locale, audience) ?? null) }} />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const { state } = useNavigation();
  const busy = state === 'loading' ? true : undefined;
  // Routes meant for other sites' iframes (/watch_embed) export handle.layout = 'plain'.
  const plain = useMatches().some((m) => (m.handle as { layout?: string } | undefined)?.layout === 'plain');
  if (plain) {
    return (
      <PathLinks>
        <main id="main" tabIndex={-1} className="plain-layout" aria-busy={busy}>
          <Outlet />
        </main>
      </PathLinks>
    );
  }
  // PathLinks: client navigation and intent prefetch for the cards and menus (components/PathLinks).
  return (
    <PathLinks>
      {/* A thin bar at the top while a client-side navigation loads (purely visual; main gets aria-busy). */}
      <div className={state === 'idle' ? 'progress' : 'progress progress--active'} aria-hidden="true" />
      <SkipLink />
      {data.cookieNotice ? <CookieNotice /> : null}
      <Header channelName={data.settings.name} logo={data.settings.logo} menu={data.header} groups={data.headerGroups} user={data.user} />
      <main id="main" tabIndex={-1} aria-busy={busy}>
        <Outlet />
      </main>
      {/* The live region is always present so screen readers announce a toast added later. */}
      <div className="toasts" role="status" aria-live="polite">
        {data.toast ? (
          <Suspense fallback={null}>
            <ToastMessage toast={data.toast} />
          </Suspense>
        ) : null}
      </div>
      <Footer settings={data.settings} footer={data.footer} multilanguage={data.multilanguage} />
    </PathLinks>
  );
}

/* Error screens and toasts are rare, so the browser fetches their code only when one is shown. */
const ErrorScreen = onDemand(serverRender.ErrorScreen, () => import('~/components/layout/ErrorScreen').then((m) => m.ErrorScreen));
const ToastMessage = onDemand(serverRender.ToastMessage, () => import('~/components/layout/ToastMessage').then((m) => m.ToastMessage));

export function ErrorBoundary() {
  const error = useRouteError();
  // The skip link leads to the screen's own <main id="main">.
  return (
    <>
      <SkipLink />
      <Suspense fallback={null}>
        <ErrorScreen error={error} />
      </Suspense>
    </>
  );
}

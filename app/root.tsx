import type { LinksFunction, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { lazy, Suspense, type ReactNode } from 'react';
import * as serverErrorScreen from '~/components/layout/ErrorScreen.server';
import { Footer } from '~/components/layout/Footer';
import { Header } from '~/components/layout/Header';
import { SkipLink } from '~/components/layout/SkipLink';
import { Toasts } from '~/components/layout/Toasts';
import { useNonce } from '~/nonce';
import type { loader } from '~/domain/root-loader.server';
import appCss from '~/styles/app.css';

export { loader } from '~/domain/root-loader.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

const ERROR_TITLES: Record<number, string> = { 404: 'Game not found', 429: 'Too many requests', 503: 'Whoops!' };

/* The loader sends the page title (domain/page-text documentTitle). An error title has the same
 * '<page> | <channel name>' form; it is put together here, as the root loader may have failed. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: `${ERROR_TITLES[status] ?? 'Something went wrong'} | ${data?.settings.name.trim() || 'Fieldhouse'}` }];
  }
  return [{ title: data?.title ?? 'Fieldhouse' }];
};

/** Bootstrap data is cached and changes rarely: refetch it only after a form post (toasts, sign-in). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;

/** The document around both the app and the error screens; loader data is absent on errors. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang={data?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data?.colorCss ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: data.colorCss }} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        {data ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: data.envScript }} /> : null}
        <Scripts nonce={nonce} />
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
      <main id="main" tabIndex={-1} className="plain-layout" aria-busy={busy}>
        <Outlet />
      </main>
    );
  }
  return (
    <>
      {/* A thin bar at the top while a client-side navigation loads (purely visual; main gets aria-busy). */}
      <div className={state === 'idle' ? 'progress' : 'progress progress--active'} aria-hidden="true" />
      <SkipLink />
      <Header channelName={data.settings.name} logo={data.settings.logo} menu={data.header} />
      <main id="main" tabIndex={-1} aria-busy={busy}>
        <Outlet />
      </main>
      <Toasts toast={data.toast} />
      <Footer settings={data.settings} footer={data.footer} />
    </>
  );
}

/* Error screens are rare, so the browser fetches their code only when one is shown: the server
 * renders the screen eagerly (ErrorScreen.server), the browser hydrates it through React.lazy,
 * and React keeps the server's HTML inside the Suspense boundary until the code is there. */
const LazyErrorScreen = lazy(() => import('~/components/layout/ErrorScreen').then((m) => ({ default: m.ErrorScreen })));

export function ErrorBoundary() {
  const error = useRouteError();
  const Screen = typeof document === 'undefined' ? serverErrorScreen.ErrorScreen : LazyErrorScreen;
  // The skip link leads to the screen's own <main id="main">.
  return (
    <>
      <SkipLink />
      <Suspense fallback={null}>
        <Screen error={error} />
      </Suspense>
    </>
  );
}

import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
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
import type { ReactNode } from 'react';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import { ThrottledScreen } from '~/components/ThrottledScreen';
import { WhoopsScreen } from '~/components/WhoopsScreen';
import { Footer } from '~/components/layout/Footer';
import { Header } from '~/components/layout/Header';
import { NotFound } from '~/components/layout/NotFound';
import { ProgressBar } from '~/components/layout/ProgressBar';
import { SkipLink } from '~/components/layout/SkipLink';
import { Toasts } from '~/components/layout/Toasts';
import { colorCss } from '~/domain/colors';
import { documentTitle } from '~/domain/page-text';
import { publicEnv } from '~/env.server';
import { useNonce } from '~/nonce';
import { commitSession, getSession, getToast } from '~/session.server';
import appCss from '~/styles/app.css';

/** Static blocks meant for the footer ('footer', 'footer-…'); about/contacts have pages, and the
 *  policy blocks stay unshown (spec section 2: those routes are paths only). */
const isFooterBlock = (alias: string) => alias === 'footer' || alias.startsWith('footer-') || alias.startsWith('footer_');

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const boot = await loadBootstrapOrWhoops();
  const session = await getSession(request);
  const toast = getToast(session);
  const headers = new Headers();
  // Reading a flash consumes it; committing makes it gone on the next page.
  if (toast) headers.append('Set-Cookie', await commitSession(session));
  return json(
    {
      settings: boot.settings,
      menu: boot.menu,
      colorCss: colorCss(boot['color-settings']),
      footerBlocks: boot.static_blocks.filter((b) => isFooterBlock(b.alias)),
      pages: boot.pages,
      toast,
      ENV: publicEnv,
    },
    { headers },
  );
}

const ERROR_TITLES: Record<number, string> = { 404: 'Game not found', 429: 'Too many requests', 503: 'Whoops!' };

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: documentTitle(ERROR_TITLES[status] ?? 'Something went wrong', data?.settings.name) }];
  }
  return [{ title: documentTitle(null, data?.settings.name) }];
};

/** Bootstrap data is cached and changes rarely: refetch it only after a form post (toasts, sign-in). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;

/** The document around both the app and the error screens; loader data is absent on errors. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = data?.settings.language?.match(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/) ? data.settings.language : 'en';
  return (
    <html lang={lang}>
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
        {data ? (
          <script
            nonce={nonce}
            // Only the named public values (env.server publicEnv); '<' escaped so no tag can close early.
            dangerouslySetInnerHTML={{ __html: `window.ENV=${JSON.stringify(data.ENV).replace(/</g, '\\u003c')}` }}
          />
        ) : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' ? true : undefined;
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
      <ProgressBar />
      <SkipLink />
      <Header channelName={data.settings.name} logo={data.settings.logo} menu={data.menu.header} />
      <main id="main" tabIndex={-1} aria-busy={busy}>
        <Outlet />
      </main>
      <Toasts toast={data.toast} />
      <Footer settings={data.settings} menu={data.menu.footer} blocks={data.footerBlocks} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const body = error.data as { screen?: string; retryAfterSeconds?: number | null } | null;
    if (error.status === 503 && body?.screen === 'whoops') return <WhoopsScreen />;
    if (error.status === 429) return <ThrottledScreen retryAfterSeconds={body?.retryAfterSeconds ?? undefined} />;
    if (error.status === 404) return <ErrorPage>{<NotFound />}</ErrorPage>;
  }
  return (
    <ErrorPage>
      <h1>Something went wrong</h1>
      <p>Something went wrong. Please try again or contact technical support</p>
      <p>
        <a href="/" className="button">
          Back to home
        </a>
      </p>
    </ErrorPage>
  );
}

/** Minimal page for errors: no header data is available, but landmarks and a skip link still are. */
function ErrorPage({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="error-page">
        {children}
      </main>
    </>
  );
}

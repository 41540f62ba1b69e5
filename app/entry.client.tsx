import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { APP_STYLES_ID, AppStylesText } from '~/http/app-styles';
import { loadCatalogue } from '~/i18n/english';

declare global {
  interface Window {
    ENV?: { SENTRY_DSN: string | null; NODE_ENV: string };
  }
}

// The stylesheet the page came with (components/layout/AppStyles.tsx, http/app-styles.ts), rendered again as it is.
const appStyles = document.getElementById(APP_STYLES_ID)?.textContent ?? '';

// The page's words (ADR 055) first: the app renders with them.
void loadCatalogue().then(() =>
  startTransition(() => {
    // StrictMode's checks only run in development; the production bundle leaves it out.
    hydrateRoot(
      document,
      <AppStylesText.Provider value={appStyles}>
        {process.env.NODE_ENV === 'production' ? (
          <RemixBrowser />
        ) : (
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        )}
      </AppStylesText.Provider>,
    );
  }),
);

// Error monitoring loads after hydration, off the critical path (TOOLCHAIN §5).
const dsn = window.ENV?.SENTRY_DSN;
if (dsn) {
  const load = () => void import('./config/sentry.client').then((m) => m.initSentry(dsn, window.ENV?.NODE_ENV ?? 'production'));
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}

import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

declare global {
  interface Window {
    ENV?: { SENTRY_DSN: string | null; NODE_ENV: string };
  }
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Error monitoring loads after hydration, off the critical path (TOOLCHAIN §5).
const dsn = window.ENV?.SENTRY_DSN;
if (dsn) {
  const load = () => void import('./sentry.client').then((m) => m.initSentry(dsn, window.ENV?.NODE_ENV ?? 'production'));
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}

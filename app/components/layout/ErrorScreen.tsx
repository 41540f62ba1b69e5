import type { ReactNode } from 'react';
import { ThrottledScreen } from '~/components/ThrottledScreen';
import { WhoopsScreen } from '~/components/WhoopsScreen';
import { describeError } from '~/http/error-kind';
import { useI18n } from '~/i18n/use-i18n';
import { NotFound } from './NotFound';

/**
 * What the root ErrorBoundary shows: the 'Whoops!' screen when the channel is down, the
 * throttling screen on a 429, the not-found page on a 404, else a page with the error's title
 * and message (http/error-kind.ts). The browser loads it only when an error happens (see root.tsx).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t, sentence } = useI18n();
  const info = describeError(error);
  if (info.kind === 'whoops') return <WhoopsScreen />;
  if (info.kind === 'throttled') return <ThrottledScreen retryAfterSeconds={info.retryAfterSeconds} />;
  if (info.kind === 'not-found')
    return (
      <ErrorPage>
        <NotFound />
      </ErrorPage>
    );
  return (
    <ErrorPage>
      <h1>{sentence(info.title)}</h1>
      <p>{sentence(info.message)}</p>
      <p>
        <a href="/" className="button">
          {t('errors.backHome')}
        </a>
      </p>
    </ErrorPage>
  );
}

/** Minimal page for errors: no header data is available, but the main landmark still is (the
 *  root ErrorBoundary puts the skip link before it). */
function ErrorPage({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="error-page">
      {children}
    </main>
  );
}

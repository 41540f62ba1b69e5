import { isRouteErrorResponse } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ThrottledScreen } from '~/components/ThrottledScreen';
import { WhoopsScreen } from '~/components/WhoopsScreen';
import { NotFound } from './NotFound';

/**
 * What the root ErrorBoundary shows: the 'Whoops!' screen when the channel is down, the
 * throttling screen on a 429, the not-found page on a 404, else a generic error page.
 * The browser loads it only when an error happens (see root.tsx ErrorBoundary).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { screen?: string; retryAfterSeconds?: number | null; message?: string } | null;
    // A post without a valid CSRF token, from another site, or with the honeypot filled.
    if (body?.screen === 'form-refused') return <MessagePage title="Form not sent" message={body.message ?? ''} />;
    if (error.status === 503 && body?.screen === 'whoops') return <WhoopsScreen />;
    if (error.status === 429) return <ThrottledScreen retryAfterSeconds={body?.retryAfterSeconds ?? undefined} />;
    if (error.status === 404)
      return (
        <ErrorPage>
          <NotFound />
        </ErrorPage>
      );
  }
  return <MessagePage title="Something went wrong" message="Something went wrong. Please try again or contact technical support" />;
}

/** A heading, one message and the way home. */
function MessagePage({ title, message }: { title: string; message: string }) {
  return (
    <ErrorPage>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href="/" className="button">
          Back to home
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

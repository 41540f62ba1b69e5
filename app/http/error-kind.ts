import { isRouteErrorResponse } from '@remix-run/react';

/* The one table of error screens: which kind an error is, and the title and message each kind
 * shows — on the whole-page screen (root ErrorBoundary), inside a layout's frame (the profile's
 * ErrorBoundary) and in the document title. */

export type ErrorKind = 'form-refused' | 'whoops' | 'throttled' | 'not-found' | 'other';

export const ERROR_TEXT: Record<ErrorKind, { title: string; message: string }> = {
  // A post without a valid CSRF token, from another site, or with the honeypot filled (the
  // response carries its own message).
  'form-refused': { title: 'Form not sent', message: 'This form could not be sent. Please go back, reload the page and try again.' },
  whoops: { title: 'Whoops!', message: 'Apologies! Our service is currently experiencing technical difficulties.' },
  throttled: {
    title: 'Too many requests',
    message: 'We received too many requests from your connection in a short time. Please wait a moment, then reload the page.',
  },
  'not-found': { title: 'Game not found', message: 'We could not find what you were looking for.' },
  other: { title: 'Something went wrong', message: 'Something went wrong. Please try again or contact technical support' },
};

interface ErrorBody {
  screen?: string;
  retryAfterSeconds?: number | null;
  message?: string;
}

export interface ErrorInfo {
  kind: ErrorKind;
  title: string;
  message: string;
  /** The channel's Retry-After on a 429, when it sent one. */
  retryAfterSeconds?: number;
}

export function describeError(error: unknown): ErrorInfo {
  const info = (kind: ErrorKind, message = ERROR_TEXT[kind].message, retryAfterSeconds?: number): ErrorInfo => ({
    kind,
    title: ERROR_TEXT[kind].title,
    message,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  });
  if (!isRouteErrorResponse(error)) return info('other');
  const body = error.data as ErrorBody | null;
  if (body?.screen === 'form-refused') return info('form-refused', body.message || undefined);
  if (error.status === 503 && body?.screen === 'whoops') return info('whoops');
  if (error.status === 429) {
    const wait = body?.retryAfterSeconds;
    return info('throttled', undefined, wait && wait > 0 ? Math.ceil(wait) : undefined);
  }
  if (error.status === 404) return info('not-found');
  return info('other');
}

import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { wrapHandleErrorWithSentry } from '@sentry/remix';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from '~/http/nonce';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; earlier ones reach handleError via reject.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Server errors go to the log and to Sentry (no-op without SENTRY_DSN); a visitor who left
 *  (aborted request) is not an error. */
export const handleError = wrapHandleErrorWithSentry((error, { request }) => {
  if ((request as Request).signal?.aborted) return;
  console.error(error);
});

import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { wrapHandleErrorWithSentry } from '@sentry/remix';
import { renderToPipeableStream } from 'react-dom/server';
import { AppStylesText } from '~/components/layout/AppStyles';
import { contentSecurityPolicy, inlineHashes } from '~/http/content-security.server';
import { scriptsAfterLoad } from '~/http/script-loading';
import appCss from '~/styles/app.css';

const ABORT_DELAY = 5_000;

/** The built app stylesheet, inlined into every page (components/layout/AppStyles.tsx). */
const appStyles = fs.readFileSync(path.join('public', appCss), 'utf8');

/** Renders the whole document, then answers it with a Content-Security-Policy that allows
 *  exactly its inline scripts and styles (http/content-security.server.ts). Loaders have all
 *  resolved before rendering starts (no deferred data), so waiting for the whole render costs
 *  little, and the page arrives complete in one response. */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const html = scriptsAfterLoad(Buffer.concat(chunks).toString('utf8'));
        const url = new URL(request.url);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set(
          'Content-Security-Policy',
          contentSecurityPolicy({ pathname: url.pathname, https: url.protocol === 'https:', hashes: inlineHashes(html) }),
        );
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <AppStylesText.Provider value={appStyles}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </AppStylesText.Provider>,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
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

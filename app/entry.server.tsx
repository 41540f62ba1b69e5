import fs from 'node:fs';
import path from 'node:path';
import type { EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { wrapHandleErrorWithSentry } from '@sentry/remix';
import { renderToString } from 'react-dom/server';
import { AppStylesText } from '~/http/app-styles';
import { contentSecurityPolicy, inlineHashes, startsGoogleTag } from '~/http/content-security.server';
import { scriptsAfterLoad } from '~/http/script-loading';
import { textResponse } from '~/http/text-response';
import appCss from '~/styles/app.css';

/** The built app stylesheet, inlined into every page (components/layout/AppStyles.tsx). */
const appStyles = fs.readFileSync(path.join('public', appCss), 'utf8');

/** Renders the whole document, then answers it with a Content-Security-Policy that allows
 *  exactly its inline scripts and styles, and the Google tag's origins when it starts the tag
 *  (http/content-security.server.ts). Loaders have all
 *  resolved before rendering starts (no deferred data, nothing suspends on the server), so the
 *  page is rendered to one string and arrives complete in one response. A render error throws:
 *  Remix renders the error boundary instead. */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const markup = renderToString(
    <AppStylesText.Provider value={appStyles}>
      <RemixServer context={remixContext} url={request.url} />
    </AppStylesText.Provider>,
  );
  const html = scriptsAfterLoad(`<!DOCTYPE html>${markup}`);
  const url = new URL(request.url);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy({ pathname: url.pathname, https: url.protocol === 'https:', hashes: inlineHashes(html), googleTag: startsGoogleTag(html) }),
  );
  return textResponse(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Server errors go to the log and to Sentry (no-op without SENTRY_DSN); a visitor who left
 *  (aborted request) is not an error. */
export const handleError = wrapHandleErrorWithSentry((error, { request }) => {
  if ((request as Request).signal?.aborted) return;
  console.error(error);
});

import type http from 'node:http';
import type { AnalyticsSink } from './sink.ts';
import { visitorFields } from './sink.ts';
import { isPageView, pageViewOf } from '../../app/domain/analytics.ts';

/* Page views, recorded by the server for every visitor, JavaScript or not (ADR 049): each document
   GET answered with a page, whether Remix rendered it or the microcache (server/microcache.ts) sent
   it, once the answer has gone out. And the funnel's checkout: a POST to /buy that sends the fan on
   (to the payment page, or their order). Nothing is set on the visitor: the page stays shareable. */

/** The server's request listener, recording what it answers into `sink`. */
export function recordingPageViews(
  listener: http.RequestListener,
  sink: AnalyticsSink,
  clientIp: (req: http.IncomingMessage) => string,
  leafRoutes: () => ReadonlySet<string>,
): http.RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const candidate = req.method === 'GET' ? !url.startsWith('/media/') && !url.startsWith('/build/') : req.method === 'POST' && isBuy(url);
    if (candidate) {
      // A page from the microcache goes out by writeHead() alone: its Content-Type is read there.
      let contentType: string | undefined;
      const writeHead = res.writeHead;
      res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
        contentType = typeOf(args);
        return writeHead.apply(this, args);
      } as typeof writeHead;
      res.once('finish', () => {
        const type = String(res.getHeader('content-type') ?? contentType ?? '');
        const name =
          req.method === 'GET'
            ? isPageView({ method: 'GET', url, status: res.statusCode, contentType: type, leafRoutes: leafRoutes() })
              ? 'page_view'
              : null
            : checkoutOf(res);
        if (!name) return;
        const page = pageViewOf(url);
        sink.event({
          name,
          path: page.path,
          ...(page.trk ? { trk: page.trk } : {}),
          ...visitorFields(clientIp(req), req.headers['user-agent']),
        });
      });
    }
    listener(req, res);
  };
}

const isBuy = (url: string) => url === '/buy' || url.startsWith('/buy?');

/** A POST to /buy that sent the fan on to pay (a redirect, or Remix's redirect of a script's post). */
function checkoutOf(res: http.ServerResponse): 'checkout' | null {
  const to = res.statusCode >= 300 && res.statusCode < 400 ? res.getHeader('location') : res.getHeader('x-remix-redirect');
  return typeof to === 'string' && !isBuy(to) ? 'checkout' : null;
}

/** The Content-Type among writeHead()'s arguments (an object, or a flat array of names and values). */
function typeOf(args: unknown[]): string | undefined {
  const headers = args.find((a) => typeof a === 'object' && a !== null);
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'content-type') return String(headers[i + 1]);
    return undefined;
  }
  if (headers) for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === 'content-type') return String(value);
  return undefined;
}

import { trkOf } from '#contract/analytics';

/* What the web server records for the channel's analytics (ADR 049), as pure rules over what a
   request and its answer say: which answers are page views, what of a page's address is kept,
   which game a media request was made for, and how long each segment of a playlist plays. */

/** Paths that are never a page a visitor looked at: files, media, the server's own endpoints. */
const NOT_PAGES = /^\/(?:media|build|sandbox|analytics|healthz|stripe|auth)(?:\/|$)/;

export interface AnswerFacts {
  method: string;
  /** The routes a client-side navigation loads last (routes without children): a data request of
   *  one of these is the page view of a navigation with JavaScript. */
  leafRoutes?: ReadonlySet<string>;
  /** The request's path and query, as sent. */
  url: string;
  status: number;
  contentType: string | undefined;
}

/** Whether an answer is a page view: a document GET answered 200 with HTML, or, with JavaScript,
 *  the data request of a client-side navigation for the page's own route (its leaf route: a
 *  navigation asks each changed route's data, the page's last). Never a file, media or the
 *  server's own endpoints. */
export function isPageView(answer: AnswerFacts): boolean {
  if (answer.method !== 'GET' || answer.status !== 200) return false;
  const q = answer.url.indexOf('?');
  const path = q < 0 ? answer.url : answer.url.slice(0, q);
  if (NOT_PAGES.test(path) || /\.[A-Za-z0-9]{1,8}$/.test(path)) return false;
  const route = q >= 0 ? new URLSearchParams(answer.url.slice(q + 1)).get('_data') : null;
  if (route === null) return Boolean(answer.contentType?.startsWith('text/html'));
  return Boolean(answer.leafRoutes?.has(route)) && /^(?:application\/json|text\/remix-deferred)/.test(answer.contentType ?? '');
}

/** The routes of an app that have no child route: the pages themselves (not root, not layouts). */
export function leafRoutesOf(routes: Record<string, { id: string; parentId?: string }>): Set<string> {
  const parents = new Set(Object.values(routes).map((r) => r.parentId));
  return new Set(
    Object.values(routes)
      .filter((r) => !parents.has(r.id))
      .map((r) => r.id),
  );
}

/** Query parameters a page view keeps: what names a product, and the tracking code. Anything
 *  else (a mailed token, a search a visitor typed) never leaves this server. */
const KEPT_PARAMS = ['event', 'package', 'subscription', 'trk'];

/** The page view of an address: its path with only the parameters the report reads, and its
 *  tracking code. */
export function pageViewOf(url: string): { path: string; trk: string | null } {
  const parsed = new URL(url, 'http://page.invalid');
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value && /^[\w.:-]{1,100}$/.test(value)) kept.set(name, value);
  }
  const query = kept.toString();
  return { path: `${parsed.pathname.slice(0, 280)}${query ? `?${query}` : ''}`, trk: trkOf(parsed) };
}

/** The game a media request was made for, from the page that asked for it (the Referer of a
 *  watch page's player), or null (another page, or none said). */
export function gameOfReferer(referer: string | undefined): number | null {
  if (!referer) return null;
  try {
    const m = /^\/(?:watch|watch_embed)\/(\d{1,10})\/?$/.exec(new URL(referer).pathname);
    const id = m ? Number(m[1]) : NaN;
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
  } catch {
    return null;
  }
}

export interface PlaylistDurations {
  /** Each segment's duration (seconds), by its path (resolved against the playlist's). */
  segments: Map<string, number>;
  /** #EXT-X-TARGETDURATION: the longest a segment of it lasts, or null. */
  target: number | null;
}

/** The segments of an HLS media playlist (`#EXTINF:<seconds>,` then the segment's URI) served at
 *  `playlistPath`. A master playlist has none. */
export function playlistDurations(text: string, playlistPath: string): PlaylistDurations {
  const segments = new Map<string, number>();
  let target: number | null = null;
  let pending: number | null = null;
  const base = new URL(playlistPath, 'http://media.invalid');
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      const seconds = Number.parseFloat(line.slice(8));
      pending = Number.isFinite(seconds) && seconds > 0 && seconds < 3600 ? seconds : null;
    } else if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      const seconds = Number.parseFloat(line.slice(22));
      target = Number.isFinite(seconds) && seconds > 0 && seconds < 3600 ? seconds : null;
    } else if (line && !line.startsWith('#') && pending !== null) {
      try {
        const url = new URL(line, base);
        if (url.origin === base.origin) segments.set(url.pathname, pending);
      } catch {
        // not a URI: skipped
      }
      pending = null;
    }
  }
  return { segments, target };
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { serverCall } from '~/channel/server-call.server';
import { calendarText, tokenOfFeedFile } from '~/domain/calendar-feed';

/* /calendar/<token>.ics: a fan's private calendar feed (issue 24, ADR 035), fetched by calendar
   apps with no cookie. The token is the proof: no session is read or set, and nothing keeps a
   copy (no-store, so neither a CDN nor the server's microcache does), so a reset or a stop makes
   the old address answer 404 at once. */

const NOT_STORED = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NOT_STORED, ...headers } });

const gone = () => plain(404, 'There is no calendar feed at this address. It may have been reset or stopped: get a new link on My games.\n');

export async function loader({ params, request }: LoaderFunctionArgs) {
  const token = tokenOfFeedFile(params.file);
  if (!token) return gone();
  try {
    const { data } = await serverCall(api.calendarFeedGames, { token }, { signal: request.signal, handles4xx: true });
    return new Response(calendarText(data.channel_name, data.games), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'attachment; filename="my-games.ics"',
        ...NOT_STORED,
      },
    });
  } catch (error) {
    const { kind } = refusalOf(error);
    if (kind === 'not-found' || kind === 'invalid') return gone();
    // The channel is down or busy: the calendar app keeps what it has and asks again later.
    return plain(503, 'The calendar feed is not available right now. Please try again later.\n', { 'Retry-After': '300' });
  }
}

import { randomBytes } from 'node:crypto';
import { post, signUp, visitorKey } from './commerce.ts';
import { api } from '../../contract/index.ts';

/* The media entitlement figure of `npm run bench` (issue 21, ADR 026), called by run.ts: requests/s
   of one segment's first 128 KB through the web server's /media proxy, for a free game's asset
   (public: nothing to check) and for a paid game's asset with its buyer's grant cookie (the
   signature, scope and expiry on every request; the fan's session and entitlement read again at
   most every 30 s). The same bytes each way, so the ratio is the check's cost. */

export interface MediaFigures<L> {
  segment: string;
  publicSegment: L;
  grantedSegment: L;
  grantedToPublic: number;
}

type Loader<L> = (pathname: string, opts: { headers?: Record<string, string> }) => Promise<L & { rps: number }>;

const RANGE = { range: 'bytes=0-131071' };

export async function mediaBench<L>(opts: { channelApiUrl: string; outbox: string; load: Loader<L> }): Promise<MediaFigures<L>> {
  const { channelApiUrl: base } = opts;
  const visitor = await visitorKey(base);
  const fan = await signUp(base, opts.outbox, visitor);
  const packages = api.packages.response.parse(await (await fetch(new URL('/packages', base))).json()).data;
  const events = api.events.response.parse(await (await fetch(new URL(`/events?stream_status=finished&limit=100&api_key=${visitor}`, base))).json()).data;
  const free = events.find((e) => e.type === 'free');
  const paid = events.find((e) => e.type === 'paid');
  const ticket = paid && packages.find((p) => p.type === 'event' && p.event_categories.some((c) => paid.event_categories.some((ec) => ec.id === c)));
  if (!free || !paid || !ticket) throw new Error('media bench: no free and paid finished games');

  const bought = await post(base, '/stripe/buy', { event_id: paid.id, package_id: ticket.id, idempotency_key: randomBytes(16).toString('hex'), api_key: fan });
  const pay = await fetch(new URL(new URL(String(bought.data.redirect_url), base).pathname, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123' }).toString(),
  });
  if (pay.status !== 303) throw new Error(`media bench: paying: ${pay.status}`);

  const detail = async (key: string, id: number) => api.event.response.parse(await (await fetch(new URL(`/events/${id}?api_key=${key}`, base))).json()).data;
  const [open, granted] = [await detail(visitor, free.id), await detail(fan, paid.id)];
  if (!open.url || !granted.url || !granted.media_grant) throw new Error('media bench: no playback or no grant');
  const segment = (url: string) => url.replace(/master\.m3u8$/, '360p_000.ts');
  const cookie = `__media_grant=${granted.media_grant.value}`;

  const publicSegment = await opts.load(segment(open.url), { headers: RANGE });
  const grantedSegment = await opts.load(segment(granted.url), { headers: { ...RANGE, cookie } });
  return {
    segment: '360p_000.ts, bytes 0-131071',
    publicSegment,
    grantedSegment,
    grantedToPublic: Number((grantedSegment.rps / publicSegment.rps).toFixed(2)),
  };
}

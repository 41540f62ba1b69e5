/* What the watch screen shows for one event or VOD item, decided from plain data (no I/O). */
import { accessTypeOf, type AccessType } from '#contract/access';
import { dvrStartUrl, type DvrStart } from '#contract/live-dvr';
import type { PrerollPlay } from '#contract/prerolls';
import { regionBlocks } from '#contract/regions';
import { withPreroll, type PrerollView } from '~/domain/preroll';
import { ENGLISH, type AppTranslator } from '~/i18n/english';

export interface Caption {
  label: string;
  srclang: string;
  url: string;
}

/** The fields of an event detail (or a VOD item, status 'finished') the decision needs. */
export interface PlayableMedia {
  stream_status: 'live' | 'upcoming' | 'finished';
  has_access: boolean;
  url: string | null;
  mp4_url: string | null;
  captions: Caption[];
  /** Start, epoch seconds (UTC); VOD items have none. */
  event_utc_ts?: number;
  /** Its access type (contract/access.ts): what a visitor who may not watch it needs. */
  type: string;
  /** The channel is still preparing its video (contract eventDetail.preparing). */
  preparing?: boolean;
  /** Where a game is blacked out (contract eventDetail.blackout_countries); a video: nowhere. */
  blackout_countries?: readonly string[];
}

/** What a visitor lacks to watch, by the access type (contract/access.ts): an account ('register'),
 *  this game's own ticket (pay-per-view), or a pass of any kind that covers it. */
export type Need = 'account' | 'ticket' | 'pass';

const NEEDS: Record<AccessType, Need> = { free: 'pass', register: 'account', ppv: 'ticket', paid: 'pass' };

export type WatchState =
  /** The geo check says this visitor's region may not watch: no player at all. */
  | { kind: 'geo-blocked' }
  /** Not started yet: start time and a countdown; `hasAccess` says whether `need` is still needed. */
  | { kind: 'upcoming'; startsAt: number; hasAccess: boolean; need: Need }
  /** Live or finished, but the visitor may not watch: what they need. */
  | { kind: 'no-access'; need: Need }
  /** Access granted but the channel gave no stream (e.g. a live event before its feed starts). */
  | { kind: 'unavailable' }
  /** Access granted, and the channel is still preparing the video: try again in a minute. */
  | { kind: 'preparing' }
  /** `dvr`: a live stream that keeps every segment since the kick-off, started where the page's
   *  `?start=` says (ADR 040); null for any other stream. */
  | { kind: 'play'; live: boolean; src: string; mp4Src: string | null; captions: Caption[]; dvr: Dvr | null; preroll: PrerollView | null };

export interface Dvr {
  start: DvrStart;
  /** The page's address for each start: links that work without JavaScript. */
  hrefs: Record<DvrStart, string>;
  /** The stream from the kick-off to the live edge. `src` is the start's own (time-shifted for a
   *  browser's native player, ADR 040); hls.js plays this one and seeks to the start, so that its
   *  Live button reaches live. */
  liveSrc: string;
}

/** `start` is where a live DVR stream should start (the page's `?start=`), `pagePath` the page's
 *  own path (for its start links). */
export function watchState(
  media: PlayableMedia,
  geo: { is_geo_blocked: boolean; country_code: string } | null,
  dvr: { start: DvrStart; pagePath: string } = { start: 'live', pagePath: '' },
  /** The pre-roll this viewer sees first (ADR 050): the stream is its stitched variant. */
  preroll: PrerollPlay | null = null,
): WatchState {
  if (geo && regionBlocks(geo, media.blackout_countries)) return { kind: 'geo-blocked' };
  const need = NEEDS[accessTypeOf(media.type)];
  if (media.stream_status === 'upcoming') {
    return { kind: 'upcoming', startsAt: media.event_utc_ts ?? 0, hasAccess: media.has_access, need };
  }
  if (!media.has_access) return { kind: 'no-access', need };
  if (media.preparing) return { kind: 'preparing' };
  if (!media.url) return { kind: 'unavailable' };
  const live = media.stream_status === 'live';
  const started = live ? dvrStartUrl(media.url, dvr.start) : null;
  const play = {
    kind: 'play' as const,
    live,
    src: started ?? media.url,
    dvr: started
      ? {
          start: dvr.start,
          hrefs: { live: dvr.pagePath, 'back-30': `${dvr.pagePath}?start=back-30`, kickoff: `${dvr.pagePath}?start=kickoff` },
          liveSrc: media.url,
        }
      : null,
    // A live stream has no progressive rendition even if the channel sent one.
    mp4Src: media.stream_status === 'live' ? null : media.mp4_url,
    captions: media.captions,
  };
  return preroll ? withPreroll(play, preroll) : { ...play, preroll: null };
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left, never negative. */
  total: number;
}

export function remaining(startsAtSeconds: number, nowMs: number): Remaining {
  const total = Math.max(0, Math.floor(startsAtSeconds - nowMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    total,
  };
}

/** A valid `<time datetime>` duration string, e.g. 'P2DT3H4M5S'. */
export function isoDuration(r: Remaining): string {
  return `P${r.days}DT${r.hours}H${r.minutes}M${r.seconds}S`;
}

type Unit = 'day' | 'hour' | 'minute' | 'second';
const UNIT_MESSAGES = {
  day: 'watch.countdown.days',
  hour: 'watch.countdown.hours',
  minute: 'watch.countdown.minutes',
  second: 'watch.countdown.seconds',
} as const;

/** '3 hours', in the fan's language with its plural rules (English by default). */
const plural = (n: number, unit: Unit, t: AppTranslator['t'] = ENGLISH.t) => t(UNIT_MESSAGES[unit], { n });

/** '2 days 3 hours 4 minutes 5 seconds'; leading zero units are dropped. */
export function formatRemaining(r: Remaining, t: AppTranslator['t'] = ENGLISH.t): string {
  if (r.total === 0) return t('watch.countdown.now');
  const parts: string[] = [];
  if (r.days) parts.push(plural(r.days, 'day', t));
  if (r.days || r.hours) parts.push(plural(r.hours, 'hour', t));
  if (r.days || r.hours || r.minutes) parts.push(plural(r.minutes, 'minute', t));
  parts.push(plural(r.seconds, 'second', t));
  return parts.join(' ');
}

/**
 * The coarse text a screen reader hears about the countdown. It changes rarely (hourly far
 * out, every 10 minutes within the hour, each minute in the last 10), so a polite live region
 * holding it does not chatter every second.
 */
export function countdownAnnouncement(r: Remaining, t: AppTranslator['t'] = ENGLISH.t): string {
  if (r.total === 0) return t('watch.announce.starting');
  if (r.days) return t('watch.announce.about', { time: plural(r.days, 'day', t) });
  if (r.hours) return t('watch.announce.about', { time: plural(r.hours, 'hour', t) });
  if (r.minutes >= 10) return t('watch.announce.about', { time: plural(Math.floor(r.minutes / 10) * 10, 'minute', t) });
  return t('watch.announce.lessThan', { time: plural(r.minutes + 1, 'minute', t) });
}

/** A duration for a screen reader or a `title`: '1 hour 2 minutes' (its digits, '1:02:03':
 *  formatDuration in contract/durations.ts). */
export function describeDuration(totalSeconds: number, t: AppTranslator['t'] = ENGLISH.t): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (!h && !m) return plural(s % 60, 'second', t);
  return [h ? plural(h, 'hour', t) : '', m ? plural(m, 'minute', t) : ''].filter(Boolean).join(' ');
}

import type { z } from 'zod';
import type { ChannelDescription, imageSpec } from './description.ts';
import { crestElements } from '../art/crest.ts';
import { posterDay, renderGamePoster } from '../art/game-poster.ts';
import { escapeXml } from '../art/xml.ts';

type ImageSpec = z.infer<typeof imageSpec>;

/** Draws a logo badge (square, initials), a school's crest (square), a 16:9 banner (poster, slide)
 *  or a game's poster (16:9, channel-api/art/) with an accessible title. The width and height are
 *  the size the image is drawn at as WebP (images.ts): a badge or crest is shown at 32–48 CSS px, so
 *  128 px is sharp up to a 2.6× screen; a banner fills a desktop slide. */
export function renderSvg(spec: ImageSpec, context: { day?: string } = {}): string {
  const title = `<title id="t">${escapeXml(spec.title)}</title>`;
  // A game's day (its `day_of`, worked out by the loader) stands in for its subtext.
  if (spec.style === 'game') return renderGamePoster({ ...spec, subtext: context.day ?? spec.subtext });
  if (spec.style === 'crest') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="128" height="128" role="img" aria-labelledby="t">${title}${crestElements(spec.crest, 'c')}</svg>`;
  }
  const accent = spec.accent ?? spec.foreground;
  if (spec.style === 'badge') {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="128" height="128" role="img" aria-labelledby="t">`,
      title,
      `<circle cx="100" cy="100" r="96" fill="${spec.background}" stroke="${accent}" stroke-width="8"/>`,
      `<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${spec.text.length > 2 ? 62 : 80}" fill="${spec.foreground}">${escapeXml(spec.text)}</text>`,
      `</svg>`,
    ].join('');
  }
  const sub = spec.subtext
    ? `<text x="80" y="470" font-family="Arial, Helvetica, sans-serif" font-size="40" fill="${spec.foreground}">${escapeXml(spec.subtext)}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720" role="img" aria-labelledby="t">`,
    title,
    `<rect width="1280" height="720" fill="${spec.background}"/>`,
    `<path d="M0 560 L1280 380 L1280 720 L0 720 Z" fill="${accent}" opacity="0.35"/>`,
    `<rect x="80" y="300" width="120" height="10" fill="${accent}"/>`,
    `<text x="80" y="400" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="72" fill="${spec.foreground}">${escapeXml(spec.text)}</text>`,
    sub,
    `</svg>`,
  ].join('');
}

/** Each game's day as its poster shows it (a game poster's `day_of`), from its start as the loader
 *  gives it (`nowSec` + its offset), in the game's zone else the channel's; none for a game that
 *  re-airs forever (`always_live`). */
export function posterDays(events: ChannelDescription['events'], nowSec: number, channelZone: string): Map<string, string> {
  return new Map(
    events
      .filter((e) => !e.always_live)
      .map((e) => [e.key, posterDay(e.event_utc_ts ?? nowSec + (e.start_offset_seconds ?? 0), e.time_zone ?? channelZone)] as const),
  );
}

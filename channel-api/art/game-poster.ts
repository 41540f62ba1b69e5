import { crestElements, type CrestSpec } from './crest.ts';
import { pictogram, pictogramFor } from './pictograms.ts';
import { escapeXml } from './xml.ts';

/* A game's poster, 1280 × 720, as a broadcaster draws a match-up: the frame split on a diagonal in
 * the two schools' colours, each school's crest and name on its side, the sport's pictogram on a
 * disc where the halves meet, and a band naming the sport (and the competition). Every colour a
 * letter sits on is dark (a school's colour, or the band): white text keeps at least 4.5:1. */

export interface PosterTeam extends CrestSpec {
  /** The name written under the crest (a school's short name). */
  name: string;
}

export interface GamePosterSpec {
  /** Accessible name (the SVG's <title>): the game's name. */
  title: string;
  /** The sport as written in the band ('Girls Soccer'); its pictogram is found from it. */
  sport: string;
  /** A second line in the band, e.g. the competition. */
  subtext?: string;
  away: PosterTeam;
  home: PosterTeam;
}

/** 'Sat, Nov 29': a game's day as its poster shows it, in its time zone. */
export function posterDay(epochSeconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(epochSeconds * 1000);
}

const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700" fill="#FFFFFF"';

/** A name sized to fit its half (about 500 px) at Arial's average letter width. */
function teamName(name: string, x: number): string {
  const text = name.toUpperCase();
  const size = Math.max(30, Math.min(56, Math.floor(880 / Math.max(1, text.length))));
  return `<text x="${x}" y="548" text-anchor="middle" font-size="${size}" ${FONT}>${escapeXml(text)}</text>`;
}

export function renderGamePoster(spec: GamePosterSpec): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720" role="img" aria-labelledby="t">`,
    `<title id="t">${escapeXml(spec.title)}</title>`,
    `<path d="M0 0H730L550 720H0Z" fill="${spec.away.color}"/>`,
    `<path d="M730 0H1280V720H550Z" fill="${spec.home.color}"/>`,
    // The light seam where the halves meet, and a shade over the home half's edge for depth.
    `<path d="M718 0H742L562 720H538Z" fill="#FFFFFF"/>`,
    `<path d="M742 0H842L662 720H562Z" fill="#000000" opacity=".18"/>`,
    `<g transform="translate(170 130) scale(1.4)">${crestElements(spec.away, 'a')}</g>`,
    `<g transform="translate(774 130) scale(1.4)">${crestElements(spec.home, 'h')}</g>`,
    teamName(spec.away.name, 338),
    teamName(spec.home.name, 942),
    // 'at' between the names: the second school is at home.
    `<text x="640" y="548" text-anchor="middle" font-size="30" ${FONT} stroke="#1B1F24" stroke-width="8" paint-order="stroke">AT</text>`,
    `<circle cx="640" cy="290" r="78" fill="#FFFFFF" stroke="#1B1F24" stroke-width="6"/>`,
    `<g transform="translate(584 234) scale(1.12)">${pictogram(pictogramFor(spec.sport))}</g>`,
    `<rect y="610" width="1280" height="110" fill="#0B1320" opacity=".82"/>`,
    `<text x="60" y="678" font-size="40" ${FONT}>${escapeXml(spec.sport.toUpperCase())}</text>`,
    spec.subtext ? `<text x="1220" y="676" text-anchor="end" font-size="30" ${FONT}>${escapeXml(spec.subtext)}</text>` : '',
    `</svg>`,
  ].join('');
}

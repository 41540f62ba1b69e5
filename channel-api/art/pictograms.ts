/* The sports' pictograms: flat marks in a 100 × 100 box, dark lines on a light ball, drawn on a
 * white disc by the game poster. A sport is recognised by its name (any channel's: 'Girls
 * Basketball', 'Soccer'); anything else gets a plain ball. */

const INK = '#1B1F24';
const line = (d: string, width = 5, colour = INK) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
const ball = (fill: string) => `<circle cx="50" cy="50" r="44" fill="${fill}" stroke="${INK}" stroke-width="5"/>`;

const PICTOGRAMS = {
  basketball: ball('#E8772E') + line('M6 50H94M50 6V94M21 17C39 33 39 67 21 83M79 17C61 33 61 67 79 83'),
  soccer: ball('#FFFFFF') + `<path d="M50 33L66 45L60 64H40L34 45Z" fill="${INK}"/>` + line('M50 33V7M66 45L91 37M60 64L75 86M40 64L25 86M34 45L9 37'),
  volleyball: ball('#FFFFFF') + line('M50 50C50 30 58 15 74 9M50 50C32 60 16 60 7 54M50 50C66 60 73 76 71 92M30 14C44 26 47 38 50 50'),
  football:
    `<ellipse cx="50" cy="50" rx="47" ry="27" transform="rotate(-35 50 50)" fill="#7B3F12" stroke="${INK}" stroke-width="4"/>` +
    line('M34 66L66 34M39 47l14 14M46 40l14 14M53 33l14 14', 4, '#FFFFFF'),
  ball: ball('#FFFFFF') + line('M8 50H92M50 8C30 30 30 70 50 92M50 8C70 30 70 70 50 92'),
} as const;

export type Pictogram = keyof typeof PICTOGRAMS;

/** The pictogram for a sport's name or alias. */
export function pictogramFor(sport: string): Pictogram {
  const s = sport.toLowerCase();
  if (s.includes('basket')) return 'basketball';
  if (s.includes('volley')) return 'volleyball';
  if (s.includes('soccer')) return 'soccer';
  if (s.includes('football')) return 'football';
  return 'ball';
}

/** The pictogram's drawing (elements in a 100 × 100 box). */
export const pictogram = (name: Pictogram): string => PICTOGRAMS[name];

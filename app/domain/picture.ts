/* How a channel's picture is shown (ADR 048, "the first screen's speed"). The channel's own
   generated art (/media/images/<name>.svg or .webp, ADR 024) can be had as a raster of a given
   width (/media/images/w<width>/<name>.webp), so:
   - a page's lead picture (the first slide, a list's first card: its largest paint on slow 4G)
     stays as the channel gives it: its posters are SVG, 0.75 kB each;
   - every other poster is a WebP of the width the card shows it at (`srcset`): a browser decodes
     a raster off the main thread, while each SVG <img> is a document parsed, laid out and painted
     on it (a few ms each on this machine's main thread, twenty on the home page).
   Any other address (a channel's own CDN) is shown as given. */

/** The widths the channel API draws (channel-api/images.ts RASTER_WIDTHS). */
const WIDTHS = [320, 640, 960, 1280] as const;
const OUR_ART = /^\/media\/images\/([A-Za-z0-9_-]{1,100})\.(?:svg|webp)$/;

export interface Picture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** `sizes`: how wide the picture is shown, as the `sizes` attribute says it. */
export function picture(src: string, { lead, sizes }: { lead: boolean; sizes: string }): Picture {
  const art = lead ? null : OUR_ART.exec(src);
  if (!art) return { src };
  const at = (w: number) => `/media/images/w${w}/${art[1]}.webp`;
  return { src: at(640), srcSet: WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '), sizes };
}

/** An event card's poster: a cell of the cards' grid, at most 380 px (app.css .event-list--grid). */
export const CARD_SIZES = '(min-width: 400px) 380px, 100vw';
/** A rail's video picture: 280 to 380 px (app.css .rail-item). */
export const RAIL_SIZES = '(min-width: 1000px) 380px, 280px';
/** A slide: the width of the page. */
export const SLIDE_SIZES = '100vw';

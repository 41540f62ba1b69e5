/* White-label colours (spec section 3): the channel's colour settings become CSS custom
 * properties, with the opacity variants the spec lists, rendered on the server (no JS). */

/** Opacity variants per colour key, in percent (spec section 3). */
export const OPACITY_VARIANTS: Readonly<Record<string, readonly number[]>> = {
  footer: [20, 50, 70],
  'body-background': [10, 20, 50, 70],
  'body-text': [5, 10, 20, 50, 70, 95],
  'header-text': [50],
  'header-background': [10, 50, 70],
};

export type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;
/** Keys become property names, so only plain lowercase words pass (nothing can escape the rule). */
const KEY = /^[a-z][a-z0-9-]{0,40}$/;

export function hexToRgb(hex: string): Rgb | null {
  const m = HEX.exec(hex.trim());
  if (!m) return null;
  let digits = m[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const rgb = ([r, g, b]: Rgb, alpha?: number) => (alpha === undefined ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${alpha})`);

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const BLACK: Rgb = [17, 17, 17];
const WHITE: Rgb = [255, 255, 255];

/** Text colour (near-black or white) that reads best on the given background. */
export function readableOn(background: Rgb): Rgb {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}

/**
 * Colour settings → custom properties: `--key` for each valid colour, `--key-NN` for each
 * opacity variant, and `--on-key` (a readable text colour) for each, so text placed on a
 * channel colour keeps AA contrast whatever the channel picks.
 */
export function colorVariables(settings: Record<string, string> | null | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings ?? {})) {
    if (!KEY.test(key) || typeof value !== 'string') continue;
    const c = hexToRgb(value);
    if (!c) continue;
    vars[`--${key}`] = rgb(c);
    for (const pct of OPACITY_VARIANTS[key] ?? []) vars[`--${key}-${pct}`] = rgb(c, pct / 100);
    vars[`--on-${key}`] = rgb(readableOn(c));
  }
  return vars;
}

/** The variables as a `:root { ... }` rule for a `<style>` element; '' when there are none. */
export function colorCss(settings: Record<string, string> | null | undefined): string {
  const entries = Object.entries(colorVariables(settings));
  if (entries.length === 0) return '';
  return `:root{${entries.map(([k, v]) => `${k}:${v}`).join(';')}}`;
}

/** A team's colour as a background with its readable text colour (both CSS), or null when the
 *  value is not a colour. */
export function colorPair(hex: string | null | undefined): { background: string; text: string } | null {
  const c = hex ? hexToRgb(hex) : null;
  return c ? { background: rgb(c), text: rgb(readableOn(c)) } : null;
}

import { escapeXml, hash32 } from './xml.ts';

/* A school's crest: a shield of one of several shapes in the school's colour, a border and a
 * charge (a band, a chevron, a pale…) in an accent colour, and its monogram. The shape, the charge
 * and (unless given) the accent come from a hash of the school's seed (its alias): the same school
 * always gets the same crest, and two schools rarely share one. Drawn in a 240 × 240 box. */

export interface CrestSpec {
  /** What varies the crest: a stable id such as the school's alias. */
  seed: string;
  /** One to three letters, drawn in the middle. */
  monogram: string;
  /** The shield's colour (dark enough for white letters, as the channel's colours are). */
  color: string;
  accent?: string;
}

/** Shield outlines in a 240 × 240 box (the shield is 200 wide, 220 tall). */
const SHAPES = [
  // Heater shield.
  'M20 12H220V110C220 170 175 205 120 228C65 205 20 170 20 110Z',
  // Pointed shield.
  'M20 12H220V148L120 228L20 148Z',
  // Crenellated top.
  'M20 30L70 12L120 30L170 12L220 30V120C220 172 175 206 120 228C65 206 20 172 20 120Z',
  // Hexagon.
  'M120 8L218 62V174L120 230L22 174V62Z',
  // Rounded shield.
  'M44 12H196Q220 12 220 36V128Q220 190 120 228Q20 190 20 128V36Q20 12 44 12Z',
  // Diamond-topped badge.
  'M120 6L220 56V150C220 190 170 214 120 232C70 214 20 190 20 150V56Z',
];

/** Charges, clipped to the shield, all clear of the monogram in the middle. */
const CHARGES = [
  // A chief: a band across the top.
  '<rect x="0" y="0" width="240" height="62"/>',
  // A chevron under the monogram.
  '<path d="M0 220L120 170L240 220V240H0Z"/>',
  // Two pales, one each side.
  '<path d="M0 0H52V240H0ZM188 0H240V240H188Z"/>',
  // A canton: the upper corner.
  '<rect x="0" y="0" width="96" height="86"/>',
  // A base: the shield's point.
  '<rect x="0" y="176" width="240" height="64"/>',
];

const ACCENTS = ['#F2C14E', '#FFFFFF', '#C9D1D9', '#FF9F1C', '#8ECAE6', '#F4A6A6'];

export interface CrestLook {
  shape: number;
  charge: number;
  accent: string;
}

/** Which shape, charge and accent a seed gives. */
export function crestLook(spec: Pick<CrestSpec, 'seed' | 'accent'>): CrestLook {
  const h = hash32(spec.seed);
  return {
    shape: h % SHAPES.length,
    charge: Math.floor(h / SHAPES.length) % CHARGES.length,
    accent: spec.accent ?? ACCENTS[Math.floor(h / (SHAPES.length * CHARGES.length)) % ACCENTS.length],
  };
}

/** The crest's elements in a 240 × 240 box; `id` names its clip path (unique within a document). */
export function crestElements(spec: CrestSpec, id: string): string {
  const look = crestLook(spec);
  const shape = SHAPES[look.shape];
  const letters = escapeXml(spec.monogram.slice(0, 3).toUpperCase());
  const size = letters.length > 2 ? 64 : letters.length > 1 ? 84 : 110;
  return [
    `<clipPath id="${id}"><path d="${shape}"/></clipPath>`,
    `<path d="${shape}" fill="${spec.color}"/>`,
    `<g clip-path="url(#${id})" fill="${look.accent}">${CHARGES[look.charge]}</g>`,
    `<path d="${shape}" fill="none" stroke="${look.accent}" stroke-width="12"/>`,
    // The letters keep the shield's colour as an outline, so they read over a charge too.
    `<text x="120" y="124" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#FFFFFF" stroke="${spec.color}" stroke-width="6" paint-order="stroke">${letters}</text>`,
  ].join('');
}

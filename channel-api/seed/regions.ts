import { z } from 'zod';

/* The description's region keys (ADR 054): per event, `blackout_countries`, the ISO codes of the
   countries the game is not shown in (beside the channel's `geo.blocked_countries`, where no game
   is). Codes are read in either case and stored upper-case; one given twice is kept once. */

/** An ISO 3166-1 alpha-2 country code as a description writes it (`"CA"`, `"gb"` read as `"GB"`). */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter ISO country code')
  .transform((code) => code.toUpperCase());

export const blackoutCountries = z
  .array(countryCode)
  .max(250)
  .default([])
  .transform((codes) => [...new Set(codes)]);

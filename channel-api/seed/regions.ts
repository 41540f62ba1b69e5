import { z } from 'zod';
import { countryCode } from '../../contract/regions.ts';

/* The description's region keys (ADR 054): per event, `blackout_countries`, the ISO codes of the
   countries the game is not shown in (beside the channel's `geo.blocked_countries`, where no game
   is). Codes are read in either case and stored upper-case; one given twice is kept once. */

export const blackoutCountries = z
  .array(countryCode)
  .max(250)
  .default([])
  .transform((codes) => [...new Set(codes)]);

import { z } from 'zod';
import { apiPost, id } from './http.ts';

/* Pre-roll ads' calls and answers (spec sections 2, 6, 9; ADR 050). Their rules (who sees one,
   the stitched stream's address) are in preroll-rules.ts, re-exported here. */
export * from './preroll-rules.ts';

/** The pre-roll a game's page shows for this viewer (events/{id} `preroll`): its stitched stream
 *  and what the page says about it. */
export const prerollPlay = z.object({
  id: z.number().int(),
  /** Seconds of the ad (its segments). */
  duration: z.number().nonnegative(),
  skip_after_seconds: z.number().int().nonnegative(),
  /** Whether it has a click-through link (followed through /ad/<id>, never named on the page). */
  has_link: z.boolean(),
});
export type PrerollPlay = z.infer<typeof prerollPlay>;

/** What the channel's settings say about its pre-rolls (spec entity `preroll`). */
export const preroll = z.object({
  id: z.number().int(),
  /** The ad's own master playlist. */
  video_url: z.string(),
  /** Location ids, comma-separated; empty: everywhere. */
  location: z.string(),
  /** The first category it plays in; null: every one. */
  event_category_id: z.number().int().nullable(),
  location_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  duration: z.number().nonnegative(),
  skip_after_seconds: z.number().int().nonnegative(),
  has_link: z.boolean(),
  starts: z.number().int().nullable(),
  ends: z.number().int().nullable(),
});

/** Why a viewer is done with a pre-roll: they skipped it, or it played to its end. */
export const prerollDismissal = z.enum(['skip', 'complete']);

/** A fan skipped or finished a pre-roll: it stays away for PREROLL_DISMISS_SECONDS (a visitor's
 *  dismissal is the web app's cookie). Counts a skip (preroll_skip). */
export const dismissPreroll = apiPost(
  'dismissPreroll',
  '/prerolls/:id/dismiss',
  z.object({ dismissed_until: z.number().int().nullable() }),
  z.object({ id, reason: prerollDismissal }).strict(),
);

/** A viewer follows a pre-roll's click-through link: its address (counted: preroll_click). */
export const prerollClick = apiPost('prerollClick', '/prerolls/:id/click', z.object({ link: z.string() }), z.object({ id }).strict());

/* Which of the channel's slides a page shows (issue 36): the `main` slides on home; a sport's
 * page its `category` slides, a school's or team's its `participant` slides, a division's its
 * `group` slides, each only those whose `belongs_to_id` is that page's own. A venue has none. */
import type { Slide, SlideType } from '#contract';
import type { FollowKind } from './follow-pages.ts';

/** The slides a follow page of this kind shows; null: none (a venue). */
export const SLIDE_TYPE_OF: Readonly<Record<FollowKind, Exclude<SlideType, 'main'> | null>> = {
  school: 'participant',
  team: 'participant',
  sport: 'category',
  division: 'group',
  venue: null,
};

export type SlidePlace = { type: 'main' } | { type: Exclude<SlideType, 'main'>; id: number };

/** The slides of one place, in the order the channel gave them. */
export function slidesOn<T extends Pick<Slide, 'type' | 'belongs_to_id'>>(slides: readonly T[], place: SlidePlace): T[] {
  return slides.filter((s) => s.type === place.type && (place.type === 'main' || s.belongs_to_id === place.id));
}

/** Where a follow page's slides come from: its kind's type and its entity's id. */
export function followSlidePlace(kind: FollowKind, id: number): SlidePlace | null {
  const type = SLIDE_TYPE_OF[kind];
  return type ? { type, id } : null;
}

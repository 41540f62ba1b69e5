import { z } from 'zod';
import { slideType, type SlideType } from '../../contract/entities.ts';

/* The description's slides (issue 36): each shown on one page. `main` slides are the home page's
 * row; a `category`, `participant` or `group` slide belongs to the sport, the school or team, or
 * the division whose alias `belongs_to` names, and shows on that page only. */

const key = z.string().min(1);

export const slideSpec = z
  .object({
    type: slideType.default('main'),
    /** The alias of the category, participant or group the slide is shown on; none for `main`. */
    belongs_to: key.nullable().default(null),
    title: z.string(),
    subtitle: z.string().nullable().default(null),
    image: z.string(),
    /** event | page | vod | url; `target` is the key of the event/page/vod item. */
    slidable_type: z.enum(['event', 'page', 'vod', 'url']),
    target: key.nullable().default(null),
    link_url: z.string().nullable().default(null),
  })
  .refine((s) => (s.type === 'main') === (s.belongs_to === null), {
    message: 'a main slide belongs to no page; a category, participant or group slide names the alias of its own in belongs_to',
    path: ['belongs_to'],
  });
export type SlideSpec = z.infer<typeof slideSpec>;

interface KeyIds {
  get(key: string): number;
  opt(key: string | null): number | null;
}

/** The slides as rows, keys and aliases turned into ids (an unknown one fails the import). */
export function slideRows(
  channelId: number,
  slides: readonly SlideSpec[],
  targets: Readonly<Record<'event' | 'page' | 'vod', KeyIds>>,
  owners: Readonly<Record<Exclude<SlideType, 'main'>, KeyIds>>,
) {
  return slides.map((s, i) => ({
    channelId,
    type: s.type,
    belongsToId: s.type === 'main' ? null : owners[s.type].get(s.belongs_to ?? ''),
    title: s.title,
    subtitle: s.subtitle,
    image: s.image,
    slidableType: s.slidable_type,
    slidableId: s.slidable_type === 'url' ? null : targets[s.slidable_type].opt(s.target),
    linkUrl: s.link_url,
    weight: i,
  }));
}

import { describe, expect, it } from 'vitest';
import type { SlideType } from '#contract';
import { followSlidePlace, slidesOn } from '~/domain/page-slides';

const slide = (title: string, type: SlideType, belongs_to_id: number | null) => ({ title, type, belongs_to_id });

describe('which slides a page shows', () => {
  // Ids of different kinds may be equal: a category 3, a participant 3 and a group 3.
  const slides = [
    slide('home one', 'main', null),
    slide('soccer', 'category', 3),
    slide('lakeview', 'participant', 3),
    slide('north', 'group', 3),
    slide('home two', 'main', null),
    slide('girls soccer', 'participant', 9),
  ];

  it('home shows the main slides only, in the channel order: never a category slide', () => {
    expect(slidesOn(slides, { type: 'main' }).map((s) => s.title)).toEqual(['home one', 'home two']);
  });

  it('a page shows the slides of its own type and id only', () => {
    expect(slidesOn(slides, { type: 'category', id: 3 }).map((s) => s.title)).toEqual(['soccer']);
    expect(slidesOn(slides, { type: 'participant', id: 3 }).map((s) => s.title)).toEqual(['lakeview']);
    expect(slidesOn(slides, { type: 'participant', id: 9 }).map((s) => s.title)).toEqual(['girls soccer']);
    expect(slidesOn(slides, { type: 'group', id: 3 }).map((s) => s.title)).toEqual(['north']);
    expect(slidesOn(slides, { type: 'group', id: 9 })).toEqual([]);
  });

  it('sports show category slides, schools and teams participant slides, divisions group slides, venues none', () => {
    expect(followSlidePlace('sport', 3)).toEqual({ type: 'category', id: 3 });
    expect(followSlidePlace('school', 3)).toEqual({ type: 'participant', id: 3 });
    expect(followSlidePlace('team', 9)).toEqual({ type: 'participant', id: 9 });
    expect(followSlidePlace('division', 3)).toEqual({ type: 'group', id: 3 });
    expect(followSlidePlace('venue', 3)).toBeNull();
  });
});

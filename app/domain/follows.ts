import type { FavoritableType } from '#contract';

/* What a signed-in fan follows, as a page's Follow buttons need it (loaded by
   app/loaders/follows.server.ts). Browser-safe. */

export interface Follow {
  type: FavoritableType;
  id: number;
  followId: number;
}

/** The fan's follow of this thing, or null when they do not follow it. */
export function followIdOf(follows: readonly Follow[] | null, type: FavoritableType, id: number): number | null {
  return follows?.find((f) => f.type === type && f.id === id)?.followId ?? null;
}

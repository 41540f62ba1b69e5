/* The outer tracking code (spec section 2: `?trk=`), without zod: every page's header reads it
   (app/domain/navigation.ts). Its schema, `trkCode`, is in ./http.ts. */

/** A plain word, at most 100 characters. */
export const TRK_PATTERN = /^[\w.:-]{1,100}$/;

/** The tracking code a page address brings, if it brings a plain one. */
export function trkOf(url: URL): string | null {
  const trk = url.searchParams.get('trk');
  return trk && TRK_PATTERN.test(trk) ? trk : null;
}

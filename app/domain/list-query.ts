/* What every list page's query string shares (/upcoming, /vod_library): values are read
 * leniently — a bad one is dropped, never an error, so a hand-edited URL still shows a list —
 * and written back without defaults, so every list has one address per view. */
import { INT4_MAX } from '#contract/bounds';

/** A whole number from 1 to `max` (by default an id the channel can hold), or null. */
export function positiveInt(value: string | null, max = INT4_MAX): number | null {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

/** Free text from a search box: control characters dropped, trimmed, at most `max` characters. */
export function searchText(value: string | null, max = 100): string {
  return [...(value ?? '')]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, max);
}

/** The page number from `?page=` (1 when absent or bad). */
export const pageParam = (search: URLSearchParams) => positiveInt(search.get('page'), 100_000) ?? 1;

/** How many pages `total` items fill (at least one, so "Page 1 of 1" reads right for none). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The channel's offset and limit for a page. */
export const pageWindow = (page: number, pageSize: number) => ({ offset: (page - 1) * pageSize, limit: pageSize });

/** `?a=1&b=2` from the values that are set (null, undefined, '' and false are left out), or ''. */
export function searchOf(values: Record<string, string | number | null | undefined | false>): string {
  const s = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== '' && value !== false) s.set(key, String(value));
  const str = s.toString();
  return str ? `?${str}` : '';
}

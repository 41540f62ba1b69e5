/* A visitor's pre-roll dismissals (ADR 050) live in one cookie, set only by the Skip (or the end of
   the ad, with JavaScript): a plain GET of a watch page never sets it, so the page stays one
   shareable copy for every visitor without it. With it, the page is the visitor's own (private),
   and the microcache does not answer it (server/remix-handler.ts). */

export const PREROLL_COOKIE_BASE = 'prerolls';

/** Whether a Cookie header carries the dismissal cookie (`__prerolls`, `__Host-prerolls`). */
export function hasPrerollCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Host-|__)prerolls=/.test(cookieHeader ?? '');
}

/** The dismissals a cookie holds, cleaned: pre-roll id → epoch seconds, at most 20. */
export function dismissalsOf(value: unknown): Record<number, number> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<number, number> = {};
  for (const [id, at] of Object.entries(value as Record<string, unknown>).slice(0, 20)) {
    if (/^[1-9]\d{0,8}$/.test(id) && typeof at === 'number' && Number.isInteger(at) && at > 0) out[Number(id)] = at;
  }
  return out;
}

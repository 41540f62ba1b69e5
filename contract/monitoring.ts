/* What goes to the error monitoring service (Sentry, SENTRY_DSN), one rule for the web server, the
 * browser and the channel API (README "Error monitoring"): which errors are not worth a report (the
 * skip list) and what is taken out of a report before it leaves the process (the scrubber). Plain
 * data in, plain data out: no SDK types, so each side hands its event over as it is. */
import { luhn } from './luhn.ts';

/** Why an error is not reported, or null when it is. Each reason is a line of the README's list. */
export type SkipReason = 'client error (4xx)' | 'request cancelled' | 'client disconnected' | 'stale code after a deploy' | 'visitor offline' | 'browser noise';

/** Node's codes for a connection the other side closed (a visitor who left mid-answer). */
const DISCONNECT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** Messages of errors that are the visitor's situation, not a bug of ours. */
const SKIPPED_MESSAGES: [RegExp, SkipReason][] = [
  // A browser still running the previous build asks for a chunk the new one no longer has.
  [/Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i, 'stale code after a deploy'],
  [/^(?:TypeError: )?(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/i, 'visitor offline'],
  [/^ResizeObserver loop/i, 'browser noise'],
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
  cause?: unknown;
}

function skipOne(error: ErrorLike): SkipReason | null {
  const status = typeof error.status === 'number' ? error.status : typeof error.statusCode === 'number' ? error.statusCode : null;
  if (status !== null && status >= 400 && status < 500) return 'client error (4xx)';
  if (error.name === 'AbortError') return 'request cancelled';
  if (error.name === 'ChunkLoadError') return 'stale code after a deploy';
  if (typeof error.code === 'string' && DISCONNECT_CODES.has(error.code)) return 'client disconnected';
  return typeof error.message === 'string' ? skippedMessage(error.message) : null;
}

function skippedMessage(message: string): SkipReason | null {
  for (const [pattern, reason] of SKIPPED_MESSAGES) if (pattern.test(message)) return reason;
  return null;
}

/**
 * Why this error is not reported (README "Error monitoring"), or null: report it. `error` is what
 * was thrown (Sentry's hint.originalException), looked at with its causes; `exceptions` the
 * event's own `exception.values` (an unhandled rejection of a non-Error has only those).
 */
export function skipReason(error: unknown, exceptions: { type?: string; value?: string }[] = []): SkipReason | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as ErrorLike).cause, depth++) {
    const reason = skipOne(e as ErrorLike);
    if (reason) return reason;
  }
  if (typeof error === 'string') {
    const reason = skippedMessage(error);
    if (reason) return reason;
  }
  for (const { type, value } of exceptions) {
    const reason = skipOne({ name: type, message: value });
    if (reason) return reason;
  }
  return null;
}

export const FILTERED = '[Filtered]';

/** A property whose name says it holds a secret or a person's data: its value goes, whatever it is. */
const SECRET_KEY =
  /pass(?:word|wd)?|secret|token|api[-_]?key|channel[-_]?key|^key$|authorization|cookie|session|csrf|card|cvc|cvv|iban|e-?mail|signature|ip_address|forwarded|client-ip|real-ip/i;

/** Query parameters that carry a secret (a mailed link's token, an api key, a sign-in's code…). */
const SECRET_QUERY =
  /([?&;](?:key|api_key|apikey|channel_key|token|access_token|refresh_token|id_token|code|state|session_id|password|email|secret|signature|sig|grant|csrf|_csrf)=)[^&#\s"'<>]*/gi;

/** Paths whose last part is a capability (whoever has the link may use it): ADR 019, 035, 036, the share links. */
const SECRET_PATHS: [RegExp, string][] = [
  [/(\/calendar\/)[^/?#\s"'<>]+?(\.ics)/g, `$1${FILTERED}$2`],
  [/(\/gift\/)[^/?#\s"'<>]+/g, `$1${FILTERED}`],
  [/(\/alerts\/unsubscribe\/)[^/?#\s"'<>]+/g, `$1${FILTERED}`],
  [/(\/share\/\d+\/)[^/?#\s"'<>]+/g, `$1${FILTERED}`],
];

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;

/** A text with the secrets in it replaced: tokens in paths and queries, e-mail addresses, card numbers, bearer credentials. */
export function scrubText(text: string): string {
  let out = text.replace(SECRET_QUERY, `$1${FILTERED}`);
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out
    .replace(EMAIL, '[email]')
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(DIGIT_RUN, (run) => (luhn(run.replace(/[ -]/g, '')) ? '[card]' : run));
}

const MAX_DEPTH = 12;

/** A copy of `value` (an event, a breadcrumb, any part of one) without secrets: a property whose
 *  name says secret loses its value, every text is scrubbed (scrubText). */
export function scrub<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    out[name] = SECRET_KEY.test(name) && item !== null && item !== undefined && item !== '' ? FILTERED : scrub(item, depth + 1);
  }
  return out as T;
}

/** The event with no user but an id (no e-mail, address or name) and every part scrubbed. */
export function scrubEvent<T extends { user?: { id?: string | number } | null }>(event: T): T {
  const clean = scrub(event);
  if (clean.user) clean.user = clean.user.id !== undefined ? { id: clean.user.id } : undefined;
  return clean;
}

interface EventShape {
  user?: { id?: string | number } | null;
  exception?: { values?: { type?: string; value?: string }[] };
}

/** The hooks every Sentry SDK of ours is started with (web server, browser, channel API): skipped
 *  errors are dropped, everything sent is scrubbed first. No default personal data (cookies, the
 *  visitor's address). */
export const monitoringHooks = {
  sendDefaultPii: false,
  beforeSend<E extends EventShape>(event: E, hint?: { originalException?: unknown }): E | null {
    return skipReason(hint?.originalException, event.exception?.values ?? []) ? null : scrubEvent(event);
  },
  beforeSendTransaction<E extends EventShape>(event: E): E {
    return scrubEvent(event);
  },
  beforeBreadcrumb<B>(breadcrumb: B): B {
    return scrub(breadcrumb);
  },
};

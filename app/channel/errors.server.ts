/* What a channel call can throw besides its data (spec section 8). */

export type ChannelErrorKind = 'http' | 'network' | 'timeout' | 'schema' | 'unauthenticated';

/** A failed channel call: a 4xx with the channel's reason, a 5xx, an unreachable or slow
 *  channel (502/504), or an answer that does not match the contract (502). */
export class ChannelError extends Error {
  readonly status: number;
  readonly kind: ChannelErrorKind;
  /** Per-field reasons from a 4xx body (`errors.email: ['...']`), for actions to map. */
  readonly errors: Record<string, string[]>;
  /** The endpoint's contract name, for logs. */
  readonly endpoint: string;
  /** A 429's Retry-After, when the channel gave one. */
  readonly retryAfterSeconds?: number;

  constructor(opts: {
    status: number;
    message: string;
    kind?: ChannelErrorKind;
    errors?: Record<string, string[]>;
    endpoint: string;
    retryAfterSeconds?: number;
  }) {
    super(opts.message);
    this.name = 'ChannelError';
    this.status = opts.status;
    this.kind = opts.kind ?? 'http';
    this.errors = opts.errors ?? {};
    this.endpoint = opts.endpoint;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  /** True for the failures that mean "the service is down" (the 'Whoops!' screen). */
  get isOutage(): boolean {
    return this.status >= 500;
  }

  /** The channel refused our channel key or api key (spec section 8: renew and retry once). */
  get isKeyError(): boolean {
    return Object.hasOwn(this.errors, 'api_key') || Object.hasOwn(this.errors, 'channel_key');
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR');
}

/** Thrown by loaders when the channel is down; the root ErrorBoundary renders WhoopsScreen. */
export function whoopsResponse(): Response {
  return new Response(JSON.stringify({ screen: 'whoops' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Thrown on a 429 from the channel; the root ErrorBoundary renders ThrottledScreen. */
export function throttledResponse(retryAfterSeconds?: number): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  if (retryAfterSeconds !== undefined) headers.set('Retry-After', String(retryAfterSeconds));
  return new Response(JSON.stringify({ screen: 'throttled', retryAfterSeconds: retryAfterSeconds ?? null }), { status: 429, headers });
}

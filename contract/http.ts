import { z } from 'zod';
import { EPOCH_SECONDS_MAX, INT4_MAX } from './bounds.ts';
import { refusalCode } from './refusals.ts';
import { TRK_PATTERN } from './tracking.ts';

/** How a call is authorised: public calls carry nothing, the rest carry the api key
 *  (query parameter on GET/DELETE, body field on POST), spec section 7. */
export type Auth = 'public' | 'apiKey';
export type Method = 'GET' | 'POST' | 'DELETE';

export interface Endpoint<P extends z.ZodTypeAny = z.ZodTypeAny, R extends z.ZodTypeAny = z.ZodTypeAny> {
  /** Stable name used in logs and tests. */
  name: string;
  method: Method;
  /** Express-style path, e.g. `/events/:id`; `:name` segments are taken from params. */
  path: string;
  auth: Auth;
  /** Query (GET/DELETE) or JSON body (POST) parameters, without `api_key`. Coerces strings. */
  params: P;
  /** The whole JSON response body of a 2xx answer. */
  response: R;
}

export function endpoint<P extends z.ZodTypeAny, R extends z.ZodTypeAny>(e: Endpoint<P, R>): Endpoint<P, R> {
  return e;
}

/** Most calls are a GET answering `{ data }`: with the api key (`apiGet`) or without
 *  (`publicGet`), taking no parameters unless `params` says which. Any other call is `endpoint()`. */
export function apiGet<D extends z.ZodTypeAny, P extends z.ZodTypeAny = typeof noParams>(name: string, path: string, data: D, params?: P) {
  return endpoint({ name, method: 'GET', path, auth: 'apiKey', params: (params ?? noParams) as P, response: envelope(data) });
}

/** A POST with the api key answering `{ data }`. */
export function apiPost<D extends z.ZodTypeAny, P extends z.ZodTypeAny>(name: string, path: string, data: D, params: P) {
  return endpoint({ name, method: 'POST', path, auth: 'apiKey', params, response: envelope(data) });
}

/** A call the spec lets be a POST or a GET with the same params: both (the GET's name ends in Get). */
export function apiPostAndGet<D extends z.ZodTypeAny, P extends z.ZodTypeAny>(name: string, path: string, data: D, params: P) {
  return [apiPost(name, path, data, params), apiGet(`${name}Get`, path, data, params)] as const;
}

export function publicGet<D extends z.ZodTypeAny, P extends z.ZodTypeAny = typeof noParams>(name: string, path: string, data: D, params?: P) {
  return endpoint({ name, method: 'GET', path, auth: 'public', params: (params ?? noParams) as P, response: envelope(data) });
}

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** `{ data }` envelope every answer uses. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ data });

/** `{ data, meta: { total } }` envelope of paged lists. */
export const pagedEnvelope = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ total: z.number().int().nonnegative(), offset: z.number().int(), limit: z.number().int() }),
  });

/** Body of every refusal (4xx, 5xx): a stable code (contract/refusals.ts), a reason for people,
 *  and per-field reasons where they apply. */
export const errorBody = z.object({
  code: refusalCode,
  message: z.string(),
  errors: z.record(z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The spec's own spelling (section 8). */
export const NO_KEY_MESSAGE = 'No chanel or api key found';

export const noParams = z.object({}).strict();

/* Bounds every endpoint shares (issue 7: no input reaches a 500). A value the database cannot
   hold is a 400 that names the field, decided here once for both sides: the channel API parses
   every request with these schemas, and the web app checks route ids with `id`. */

export { EPOCH_SECONDS_MAX, INT4_MAX } from './bounds.ts';

/** A whole number from `min` to `max`, from a query string or JSON: a number or a string of
 *  one, never an array or an object (`?id[]=1` is not an id). */
export const int = (min: number, max: number) =>
  z
    // A string first: a query string's values are strings, and each failed alternative costs an issue.
    .union([z.string(), z.number()], { errorMap: () => ({ message: 'must be a number' }) })
    .pipe(
      z.coerce
        .number({ invalid_type_error: 'must be a number' })
        .int('must be a whole number')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    );

/** Numeric id from a path or query string. */
export const id = int(1, INT4_MAX);

/** The outer tracking code (spec section 2: `?trk=`) as a field. */
export const trkCode = z.string().regex(TRK_PATTERN, 'must be 1 to 100 letters, digits or . : _ -');

export const offset = int(0, INT4_MAX).default(0);
export const limit = (max: number, dflt: number) => int(1, max).default(dflt);
/** Epoch seconds, as the spec's date helper makes them. */
export const epochSeconds = int(0, EPOCH_SECONDS_MAX);

/** A flag in a query string: '1' or 'true' is on. */
export const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** An amount on the wire: a non-negative integer of the currency's minor units (999 is $9.99 in
 *  USD, 500 is ¥500 in JPY, 1250 is 1.250 BHD: ADR 043), written for a fan by money.ts. The field
 *  names are the spec's (`price`, `base_price`, `amount`, `total` …); only the unit is ours. */
export const money = z.number().int().nonnegative();
/** A date and time as the channel writes it (ISO 8601). */
export const stamp = z.string();

/** Refinements for strings that reach the database: PostgreSQL text cannot hold a NUL, and a
 *  single-line value (a name, a key, a search) has no business holding any control character. */
export const noNul = [(s: string) => !s.includes('\u0000'), 'must not contain NUL characters'] as const;
// eslint-disable-next-line no-control-regex
export const noControl = [(s: string) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters'] as const;

/** Free text (several lines allowed): at most `max` characters, never a NUL. */
export const text = (max: number, message = `must be at most ${max} characters`) =>
  z
    .string()
    .max(max, message)
    .refine(...noNul);

/** A single-line value: at most `max` characters, no control characters. */
export const line = (max: number, message = `must be at most ${max} characters`) =>
  z
    .string()
    .max(max, message)
    .refine(...noControl);

/** What an api key or channel key can look like: anything else is no key, without a lookup. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** Replace `:name` segments of a path with values from params; returns the path and the rest. */
export function fillPath(path: string, params: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...params };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

import { z } from 'zod';

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

/** Body of every 4xx answer: a reason, and per-field reasons where they apply. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The spec's own spelling (section 8). */
export const NO_KEY_MESSAGE = 'No chanel or api key found';

export const noParams = z.object({}).strict();

/** Numeric id from a path or query string. */
export const id = z.coerce.number({ invalid_type_error: 'id must be a number' }).int().positive();

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

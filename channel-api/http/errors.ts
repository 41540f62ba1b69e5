import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ZodError } from 'zod';
import { codeForStatus, NO_KEY_MESSAGE, ORDER_MSG, type ErrorBody, type RefusalCode } from '../../contract/index.ts';

/** A refusal with the contract's `{ code, message, errors? }` body: `code` is one of the
 *  contract's REFUSAL_CODES, what a client decides on; the message is for people (and, for a 429,
 *  how many seconds to wait, sent as Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get body(): ErrorBody {
    return this.errors ? { code: this.code, message: this.message, errors: this.errors } : { code: this.code, message: this.message };
  }
}

/** Answers a refusal outside mount() (media files, the sandbox's test clock, Stripe's webhook) with
 *  the same body as every other: `{ code, message }`, the code the status's unless given. */
export function sendRefusal(res: Response, status: number, message: string, code: RefusalCode = codeForStatus(status)): void {
  res.status(status).json(new HttpError(status, code, message).body);
}

/** A refusal whose status says all there is to say: its code is the status's (codeForStatus). */
export const refusal = (status: number, message: string, errors?: Record<string, string[]>) => new HttpError(status, codeForStatus(status), message, errors);
export const noKey = (field: 'api_key' | 'channel_key') => new HttpError(403, 'no_key', NO_KEY_MESSAGE, { [field]: [NO_KEY_MESSAGE] });
export const notFound = (what = 'Not found') => refusal(404, what);
export const conflict = (message: string) => refusal(409, message);
/** The payment provider could not be reached (or answered with an error) while a fan was buying. */
export const providerUnavailable = () => new HttpError(502, 'payment_provider_unavailable', ORDER_MSG.providerUnavailable);

/** Turns zod issues into per-field reasons; unknown parameters are named as such. The record
 *  has no prototype: a parameter named `constructor` or `__proto__` is just a name here. */
export function fromZod(error: ZodError): HttpError {
  const errors: Record<string, string[]> = Object.create(null);
  const add = (field: string, reason: string) => (errors[field] ??= []).push(reason);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) add(k, `${k} is not a known parameter`);
    else add(issue.path.length > 0 ? issue.path.join('.') : '_', issue.message);
  }
  const [field, reasons] = Object.entries(errors)[0] ?? ['_', ['Invalid parameters']];
  const message = field === '_' ? reasons[0] : `${field}: ${reasons[0]}`;
  return new HttpError(400, 'invalid_params', message, errors);
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(notFound().body);
};

/** PostgreSQL's "data exception" class (SQLSTATE 22xxx: a value out of range, a NUL byte, an
 *  invalid date…), from the driver itself or wrapped by drizzle. */
function dataException(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return null;
}

/** The database cannot be reached: PostgreSQL stopped or restarting (SQLSTATE 08xxx connection
 *  exceptions, 57P0x shutdowns, 53300 too many connections), a connection refused or cut, no
 *  connection free in time. The service is down for a moment: not a bug of ours. */
function databaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (/^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/.test(e.code) || UNREACHABLE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message)) return true;
  }
  return false;
}
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** How soon a caller may ask again while the database is away. */
const DATABASE_RETRY_SECONDS = 5;

/** Last handler: client mistakes keep their 4xx (malformed JSON 400, too large 413); a database
 *  that cannot be reached is a 503 with Retry-After; only our own bugs are 500s. A value the database refused is the client's mistake too, but it means the
 *  contract lacks a bound: logged, so it gets one. No answer carries a stack, SQL or a driver's words. */
export function errorHandler(log: (error: unknown, req: Request) => void, warn: (message: string) => void = console.warn): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
      return void res.status(error.status).json(error.body);
    }
    const code = dataException(error);
    if (code) {
      warn(`channel-api: ${req.method} ${req.path}: the database refused a value (SQLSTATE ${code}); the contract should bound it`);
      return void res.status(400).json(refusal(400, 'A parameter is out of range or holds characters that cannot be stored').body);
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        error?.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : error?.type === 'entity.too.large'
            ? 'The request body is too large'
            : error?.expose && typeof error.message === 'string'
              ? error.message
              : 'Bad request';
      // Express's own refusals: a 400 here is a body it could not read, not a parameter.
      return void res.status(status).json(new HttpError(status, status === 400 ? 'bad_request' : codeForStatus(status), message).body);
    }
    if (databaseUnreachable(error)) {
      warn(`channel-api: ${req.method} ${req.path}: the database did not answer; 503`);
      res.set('Retry-After', String(DATABASE_RETRY_SECONDS));
      return void res.status(503).json(new HttpError(503, 'service_unavailable', 'The service is not answering for a moment. Please try again.').body);
    }
    log(error, req);
    res.status(500).json(refusal(500, 'Internal server error').body);
  };
}

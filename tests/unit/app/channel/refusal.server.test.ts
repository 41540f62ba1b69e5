import { describe, expect, it } from 'vitest';
import type { RefusalCode } from '#contract';
import { ChannelError } from '~/channel/errors.server';
import { refusalOf } from '~/channel/refusal.server';

/* The one reading of a channel refusal (app/channel/refusal.server.ts): by status and code, never
   by the message. */

const error = (status: number, code?: RefusalCode, errors?: Record<string, string[]>) =>
  new ChannelError({ status, code, message: 'Whatever the channel says', errors, endpoint: 'test' });

describe('refusalOf', () => {
  it('sorts a refusal by its status', () => {
    const kinds = [500, 502, 503, 504, 429, 401, 404, 409, 400, 422].map((status) => refusalOf(error(status)).kind);
    expect(kinds).toEqual(['outage', 'outage', 'outage', 'outage', 'throttled', 'signed-out', 'not-found', 'conflict', 'invalid', 'invalid']);
  });

  it('takes a refused key for an outage: the channel will not take our keys', () => {
    expect(refusalOf(error(403, 'no_key', { api_key: ['No chanel or api key found'] })).kind).toBe('outage');
    expect(refusalOf(error(403, 'forbidden')).kind).toBe('invalid');
  });

  it('carries the code, the message and the field reasons', () => {
    expect(refusalOf(error(409, 'already_bought'))).toMatchObject({ kind: 'conflict', code: 'already_bought', message: 'Whatever the channel says' });
    expect(refusalOf(error(400, 'wrong_promo_code', { code: ['Wrong promo code'] })).errors).toEqual({ code: ['Wrong promo code'] });
    expect(refusalOf(error(404)).code).toBe('not_found');
  });

  it('throws anything that is not a channel refusal on, as it is', () => {
    const response = new Response(null, { status: 503 });
    expect(() => refusalOf(response)).toThrow();
    try {
      refusalOf(response);
    } catch (thrown) {
      expect(thrown).toBe(response);
    }
    expect(() => refusalOf(new TypeError('a bug'))).toThrow(TypeError);
  });
});

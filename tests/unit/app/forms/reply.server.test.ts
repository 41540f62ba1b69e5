import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RefusalCode } from '#contract';
import { ChannelError } from '~/channel/errors.server';
import { refusalOf } from '~/channel/refusal.server';
import { signInThrottledMessage, USER_MSG } from '~/domain/auth-messages';
import { clipRefusalText } from '~/domain/clips';
import { purchaseMessage } from '~/domain/purchase-messages';
import { channelErrorReply, refusalReply, refusalToast } from '~/forms/reply.server';

/* The one reply to a channel refusal (app/forms/reply.server.ts): the status every route answers
   it with, the words a fan reads, and the channel's reasons on the form's own fields. */

const channelError = (status: number, code: RefusalCode, message: string, more: { errors?: Record<string, string[]>; retryAfterSeconds?: number } = {}) =>
  new ChannelError({ status, code, message, endpoint: 'test', ...more });
const refused = (...args: Parameters<typeof channelError>) => refusalOf(channelError(...args));

const outage = refused(503, 'service_unavailable', 'Service unavailable');
const conflict = refused(409, 'already_bought', 'You already bought this package.');

describe('the status of a refusal, one table for every route', () => {
  it('is 503 for an outage, 429 throttled, 401 signed out, 404 not found, 409 conflict, 400 anything else', () => {
    const cases: [ChannelError, number][] = [
      [channelError(500, 'internal_error', 'boom'), 503],
      [channelError(504, 'service_unavailable', 'slow'), 503],
      [channelError(403, 'no_key', 'No chanel or api key found', { errors: { api_key: ['No chanel or api key found'] } }), 503],
      [channelError(429, 'throttled', 'Too Many Attempts.'), 429],
      [channelError(401, 'unauthenticated', 'Unauthenticated.'), 401],
      [channelError(404, 'not_found', 'Pass not found'), 404],
      [channelError(409, 'already_bought', 'You already bought this package.'), 409],
      [channelError(400, 'invalid_params', 'name: Required'), 400],
      [channelError(403, 'forbidden', 'You may not watch this game.'), 400],
      [channelError(422, 'wrong_credentials', 'Wrong auth data'), 400],
    ];
    for (const [error, status] of cases) expect(refusalReply(refusalOf(error)).init.status, `${error.status} ${error.code}`).toBe(status);
  });

  it('tells a throttled fan when to come back', () => {
    const reply = refusalReply(refused(429, 'throttled', 'Too Many Attempts.', { retryAfterSeconds: 120 }));
    expect(reply.init).toEqual({ status: 429, headers: { 'Retry-After': '120' } });
    expect(reply.message).toBe(signInThrottledMessage(120));
    expect(refusalReply(conflict).init.headers).toEqual({});
  });
});

describe('the words a fan reads', () => {
  it('are the account’s by default, the spec’s section 8', () => {
    expect(refusalReply(outage).message).toBe('Apologies! Our service is currently experiencing technical difficulties.');
    expect(refusalReply(refused(422, 'wrong_credentials', 'Wrong auth data')).message).toBe(USER_MSG.invalidLogin);
  });

  it('are chosen by the area’s own chooser', () => {
    expect(refusalReply(conflict, { message: purchaseMessage }).message).toBe('You already bought this package.');
    expect(refusalReply(refused(409, 'not_available', 'This game has no video to clip yet.'), { message: clipRefusalText }).message).toBe(
      'This game cannot be clipped now.',
    );
  });

  it('are one sentence for a refusal the fan can do something about, and the one outage message otherwise', () => {
    const words = { message: 'The clip could not be deleted. Please try again.' };
    expect(refusalReply(refused(404, 'not_found', 'Clip not found'), words).message).toBe('The clip could not be deleted. Please try again.');
    expect(refusalReply(outage, words).message).toBe(USER_MSG.outage);
    for (const chooser of [purchaseMessage, clipRefusalText]) expect(refusalReply(outage, { message: chooser }).message).toBe(USER_MSG.outage);
  });
});

describe('a form’s reply', () => {
  const schema = z.object({ email: z.string(), password: z.string(), start: z.string(), end: z.string() });
  const submission = () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ email: 'fan@example.com', password: 'secret-words', start: '0:10', end: '0:40' })) form.append(name, value);
    return parseWithZod(form, { schema });
  };

  it('says the channel’s reasons on the form’s own fields, and no form message then', () => {
    const taken = refused(422, 'email_taken', 'The email address you have entered is already registered.', {
      errors: { email: ['The email address you have entered is already registered.'], phone: ['Not ours'] },
    });
    expect(refusalReply(taken, { fields: ['email'] })).toMatchObject({
      fieldErrors: { email: ['The email address you have entered is already registered.'] },
      formErrors: [],
    });
  });

  it('says a reason the spec words its own way in its words, on the field', () => {
    const wrong = refused(422, 'wrong_credentials', 'Wrong auth data', { errors: { email: ['Wrong auth data'] } });
    expect(refusalReply(wrong, { fields: ['email'] }).fieldErrors).toEqual({ email: [USER_MSG.invalidLogin] });
  });

  it('puts the channel’s field names on the form’s (a clip’s start_time and duration: start and end)', () => {
    const late = refused(400, 'invalid_params', 'The clip must end within the game so far (12:03).', {
      errors: { start_time: ['The clip must start within the game so far (12:03).'], duration: ['The clip must end within the game so far (12:03).'] },
    });
    expect(refusalReply(late, { fields: { start_time: 'start', duration: 'end' }, message: clipRefusalText }).fieldErrors).toEqual({
      start: ['The clip must start within the game so far (12:03).'],
      end: ['The clip must end within the game so far (12:03).'],
    });
  });

  it('says a reason on no field of the form as the form’s message', () => {
    const reply = refusalReply(refused(409, 'already_bought', 'You already bought this package.', { errors: { package_id: ['x'] } }), {
      message: purchaseMessage,
      fields: ['gift_email'],
    });
    expect(reply).toMatchObject({ fieldErrors: {}, formErrors: ['You already bought this package.'] });
  });

  it('answers with the status and the form’s result, and never the secrets', async () => {
    const res = channelErrorReply(submission(), channelError(422, 'wrong_credentials', 'Wrong auth data', { errors: { email: ['Wrong auth data'] } }), {
      fields: ['email'],
      hideFields: ['password'],
    });
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error).toEqual({ email: [USER_MSG.invalidLogin] });
    expect(JSON.stringify(result)).not.toContain('secret-words');

    const down = channelErrorReply(submission(), channelError(502, 'service_unavailable', 'Bad gateway'), { fields: ['email'] });
    expect(down.status).toBe(503);
    expect((await down.json()).result.error).toEqual({ '': [USER_MSG.outage] });
  });

  it('throws anything that is not a refusal on, as it is', () => {
    const bug = new TypeError('a bug');
    expect(() => channelErrorReply(submission(), bug, { fields: [] })).toThrow(bug);
  });
});

describe('a toast back on the page', () => {
  it('sends the fan back with the refusal’s words', async () => {
    const toasts: { text: string; type: string }[] = [];
    const session = { toast: async (toast: { text: string; type: string }) => void toasts.push(toast) };
    const res = await refusalToast(session, '/profile/clips', outage, { message: 'The clip could not be deleted. Please try again.' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/profile/clips');
    expect(toasts).toEqual([{ text: USER_MSG.outage, type: 'error' }]);
    await refusalToast(session, '/profile', conflict, { message: (r) => r.message, type: 'info' });
    expect(toasts[1]).toEqual({ text: 'You already bought this package.', type: 'info' });
  });
});

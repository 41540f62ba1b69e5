import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '#contract/auth';
import { ChannelError } from '~/channel/errors.server';
import { refusalOf } from '~/channel/refusal.server';
import { signInThrottledMessage, USER_MSG, userMessage } from '~/domain/auth-messages';
import { refused } from '../../support/refusals.ts';

describe('what a fan reads for a channel answer (spec section 8)', () => {
  it('maps the server messages that have user messages', () => {
    expect(userMessage(refused(422, 'wrong_credentials', 'Wrong auth data'))).toBe('Invalid email or password. Please try again.');
    expect(userMessage(refused(400, 'verification_failed', 'Verification failed.'))).toBe('Verification your email address failed.');
    expect(userMessage(refused(400, 'already_verified', 'Email already verified.'))).toBe('Your email already verified.');
    expect(userMessage(refused(422, 'not_registered', SERVER_MSG.notRegistered))).toBe(
      'You are not registered yet. Please accept terms and conditions and click Register to continue.',
    );
  });

  it('shows the readable server messages as they are', () => {
    expect(userMessage(refused(422, 'email_taken', 'The email address you have entered is already registered.'))).toBe(
      'The email address you have entered is already registered.',
    );
    expect(userMessage(refused(400, 'reset_expired', 'Reset password key expired.'))).toBe('Reset password key expired.');
  });

  it('hides anything else behind the generic messages', () => {
    expect(userMessage(refused(400, 'invalid_params', 'column "x" does not exist'))).toBe(USER_MSG.generic);
    expect(userMessage(refused(503, 'service_unavailable', 'anything'))).toBe('Apologies! Our service is currently experiencing technical difficulties.');
  });

  it('words the sign-in limits the same for an address and an account, with the wait rounded up to minutes', () => {
    expect(signInThrottledMessage()).toBe('Too many sign-in attempts. For your security, please wait a minute before you try again.');
    expect(signInThrottledMessage(1)).toBe(signInThrottledMessage(60));
    expect(signInThrottledMessage(61)).toBe('Too many sign-in attempts. For your security, please wait 2 minutes before you try again.');
    expect(signInThrottledMessage(900)).toContain('wait 15 minutes');
  });

  it('says the sign-in limits for a refusal that is one (a 429 only the sign-in form takes), with its wait', () => {
    const throttled = refusalOf(new ChannelError({ status: 429, code: 'throttled', message: 'Too Many Attempts.', endpoint: 'login', retryAfterSeconds: 300 }));
    expect(userMessage(throttled)).toBe(signInThrottledMessage(300));
  });
});

import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '#contract/auth';
import { signInThrottledMessage, USER_MSG, userMessage } from '~/domain/auth-messages';

describe('what a fan reads for a channel answer (spec section 8)', () => {
  it('maps the server messages that have user messages', () => {
    expect(userMessage('Wrong auth data', 422)).toBe('Invalid email or password. Please try again.');
    expect(userMessage('Verification failed.', 400)).toBe('Verification your email address failed.');
    expect(userMessage('Email already verified.', 400)).toBe('Your email already verified.');
    expect(userMessage(SERVER_MSG.notRegistered, 422)).toBe('You are not registered yet. Please accept terms and conditions and click Register to continue.');
  });

  it('shows the readable server messages as they are', () => {
    expect(userMessage('The email address you have entered is already registered.', 422)).toBe('The email address you have entered is already registered.');
    expect(userMessage('Reset password key expired.', 400)).toBe('Reset password key expired.');
  });

  it('hides anything else behind the generic messages', () => {
    expect(userMessage('column "x" does not exist', 400)).toBe(USER_MSG.generic);
    expect(userMessage('anything', 503)).toBe('Apologies! Our service is currently experiencing technical difficulties.');
  });

  it('words the sign-in limits the same for an address and an account, with the wait rounded up to minutes', () => {
    expect(signInThrottledMessage()).toBe('Too many sign-in attempts. For your security, please wait a minute before you try again.');
    expect(signInThrottledMessage(1)).toBe(signInThrottledMessage(60));
    expect(signInThrottledMessage(61)).toBe('Too many sign-in attempts. For your security, please wait 2 minutes before you try again.');
    expect(signInThrottledMessage(900)).toContain('wait 15 minutes');
  });
});

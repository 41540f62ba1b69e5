import { describe, expect, it } from 'vitest';
import { choiceOfAnswer, consentChoice, consentCookie, consentState, consentVariant } from '~/http/consent';

describe('the cookie choice (ADR 051)', () => {
  it('reads granted or denied from a Cookie header, and nothing else', () => {
    expect(consentChoice('__consent=granted')).toBe('granted');
    expect(consentChoice('a=1; __consent=denied; b=2')).toBe('denied');
    expect(consentChoice('__consent=yes')).toBeNull();
    expect(consentChoice('x__consent=granted')).toBeNull();
    expect(consentChoice('__consent=granted2')).toBeNull();
    expect(consentChoice('')).toBeNull();
    expect(consentChoice(null)).toBeNull();
  });

  it('takes Accept and Reject, and refuses any other answer', () => {
    expect(choiceOfAnswer('accept')).toBe('granted');
    expect(choiceOfAnswer('reject')).toBe('denied');
    expect(choiceOfAnswer('Accept')).toBeNull();
    expect(choiceOfAnswer(null)).toBeNull();
  });

  it('is kept a year, for this site only, out of scripts’ reach; Secure over HTTPS', () => {
    expect(consentCookie('granted', false)).toBe('__consent=granted; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
    expect(consentCookie('denied', true)).toBe('__consent=denied; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure');
  });

  it('makes three page variants', () => {
    expect(consentVariant({})).toBe('undecided');
    expect(consentVariant({ cookie: '__consent=granted' })).toBe('granted');
    expect(consentVariant({ cookie: ['a=1', '__consent=denied'] })).toBe('denied');
  });

  it('shows the notice until the visitor chooses, and grants only what they accepted', () => {
    expect(consentState({ noticeOn: true, cookieHeader: null })).toEqual({ notice: true, consent: 'denied' });
    expect(consentState({ noticeOn: true, cookieHeader: '__consent=granted' })).toEqual({ notice: false, consent: 'granted' });
    expect(consentState({ noticeOn: true, cookieHeader: '__consent=denied' })).toEqual({ notice: false, consent: 'denied' });
  });

  it('with the notice off, shows none and never grants, whatever a cookie says', () => {
    expect(consentState({ noticeOn: false, cookieHeader: null })).toEqual({ notice: false, consent: 'denied' });
    expect(consentState({ noticeOn: false, cookieHeader: '__consent=granted' })).toEqual({ notice: false, consent: 'denied' });
  });
});

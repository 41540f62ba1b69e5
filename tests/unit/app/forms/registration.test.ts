import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { registrationSchema, socialRegistrationSchema } from '~/forms/registration';

/* The registration form as the browser sends it (FormData, checkboxes 'on' or absent), parsed the
   way the action and the live validation parse it. Messages are the spec's (section 5). */

const filled = {
  first_name: 'Jordan',
  last_name: 'Rivers',
  email: 'jordan@example.test',
  password: 'long-enough-1',
  password_confirmation: 'long-enough-1',
  terms: 'on',
};

function errorsOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  return submission.status === 'success' ? {} : submission.error;
}

describe('registration form', () => {
  it('names every missing field with its own message', () => {
    expect(errorsOf({})).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
      email: ['Enter your Email'],
      password: ['The password is too short'],
      terms: ['Please accept terms & conditions'],
    });
  });

  it('treats names of spaces as missing', () => {
    expect(errorsOf({ ...filled, first_name: '   ', last_name: ' ' })).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
    });
  });

  it('refuses an address that is not an e-mail', () => {
    expect(errorsOf({ ...filled, email: 'jordan@' })).toEqual({ email: ['A valid email address is required'] });
  });

  it('accepts a numeric e-mail (a member number at a domain)', () => {
    expect(errorsOf({ ...filled, email: '20231234@lakeshore.edu' })).toEqual({});
  });

  it('refuses a password under 8 characters', () => {
    expect(errorsOf({ ...filled, password: 'short', password_confirmation: 'short' })).toEqual({ password: ['The password is too short'] });
  });

  it('says when the confirmation differs, even while other fields are wrong', () => {
    expect(errorsOf({ ...filled, email: '', password_confirmation: 'something-else' })).toEqual({
      email: ['Enter your Email'],
      password_confirmation: ['The password and password confirmation do not match'],
    });
    expect(errorsOf({ ...filled, password_confirmation: '' })).toEqual({
      password_confirmation: ['The password and password confirmation do not match'],
    });
  });

  it('needs the terms accepted; the news opt-in is optional', () => {
    const { terms: _terms, ...withoutTerms } = filled;
    expect(errorsOf(withoutTerms)).toEqual({ terms: ['Please accept terms & conditions'] });
    expect(errorsOf({ ...filled, news_opt_in: 'on' })).toEqual({});
  });

  it('gives the channel trimmed values and booleans', () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries({ ...filled, first_name: ' Jordan ', email: ' jordan@example.test ', news_opt_in: 'on' }))
      formData.set(name, value);
    const submission = parseWithZod(formData, { schema: registrationSchema });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({ first_name: 'Jordan', email: 'jordan@example.test', terms: true, news_opt_in: true });
  });
});

describe('registration after a social sign-in', () => {
  const parse = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return parseWithZod(formData, { schema: socialRegistrationSchema });
  };

  it('needs the terms accepted', () => {
    const submission = parse({});
    expect(submission.status === 'error' && submission.error).toEqual({ terms: ['Please accept terms & conditions'] });
  });

  it('passes with the terms and an optional news opt-in', () => {
    const submission = parse({ terms: 'on' });
    expect(submission.status === 'success' && submission.value).toEqual({ terms: true });
  });
});

import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { intentOf } from '~/forms/intent';
import { detailsSchema, passwordSchema, PROFILE_INTENTS } from '~/forms/profile';

/** The intent of a form whose button sent `value` (null: no intent field). */
const profileIntent = (value: string | null) => {
  const form = new FormData();
  if (value !== null) form.set('intent', value);
  return intentOf(form, PROFILE_INTENTS);
};

function parse(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema });
}
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  return submission.status === 'success' ? {} : submission.error;
};

const details = { first_name: 'Jordan', last_name: 'Rivers', email: 'jordan@example.test' };

describe('profile details form', () => {
  it('names each missing field with the spec message', () => {
    expect(errorsOf(detailsSchema, {})).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
      email: ['Enter your Email'],
    });
  });

  it('treats blank names as missing', () => {
    expect(errorsOf(detailsSchema, { ...details, first_name: '   ', last_name: ' ' })).toEqual({
      first_name: ['Enter your first name'],
      last_name: ['Enter your last name'],
    });
  });

  it('wants an e-mail or a numeric e-mail', () => {
    expect(errorsOf(detailsSchema, { ...details, email: 'jordan@' })).toEqual({ email: ['A valid email address is required'] });
    expect(errorsOf(detailsSchema, { ...details, email: '20231234@lakeshore.edu' })).toEqual({});
  });

  it('limits names to 100 characters', () => {
    expect(errorsOf(detailsSchema, { ...details, last_name: 'x'.repeat(101) })).toEqual({ last_name: ['Field length must be less than 101'] });
  });

  it('reads the news checkbox: ticked is yes, absent is no', () => {
    const ticked = parse(detailsSchema, { ...details, news_opt_in: 'on' });
    const unticked = parse(detailsSchema, details);
    expect(ticked.status === 'success' && ticked.value.news_opt_in).toBe(true);
    expect(unticked.status === 'success' && unticked.value.news_opt_in).toBe(false);
  });

  it('trims the names and the address', () => {
    const submission = parse(detailsSchema, { first_name: ' Jordan ', last_name: 'Rivers ', email: ' jordan@example.test ' });
    expect(submission.status === 'success' && submission.value).toMatchObject({ first_name: 'Jordan', last_name: 'Rivers', email: 'jordan@example.test' });
  });
});

describe('password form', () => {
  const withCurrent = passwordSchema({ needsCurrent: true });
  const temporary = passwordSchema({ needsCurrent: false });

  it('asks for the current password when the fan has one', () => {
    expect(errorsOf(withCurrent, { password: 'long-enough-1', password_confirmation: 'long-enough-1' })).toEqual({
      current_password: ['Field is required'],
    });
  });

  it('does not ask for it while the password is temporary, and ignores a stray one', () => {
    expect(errorsOf(temporary, { password: 'long-enough-1', password_confirmation: 'long-enough-1' })).toEqual({});
    const submission = parse(temporary, { current_password: 'old', password: 'long-enough-1', password_confirmation: 'long-enough-1' });
    expect(submission.status === 'success' && submission.value.current_password).toBeUndefined();
  });

  it('needs 8 characters or more', () => {
    expect(errorsOf(temporary, {})).toEqual({ password: ['The password is too short'] });
    expect(errorsOf(temporary, { password: 'short', password_confirmation: 'short' })).toEqual({ password: ['The password is too short'] });
  });

  it('needs the confirmation to match', () => {
    expect(errorsOf(withCurrent, { current_password: 'old-password', password: 'long-enough-1', password_confirmation: 'long-enough-2' })).toEqual({
      password_confirmation: ['The password and password confirmation do not match'],
    });
    expect(errorsOf(temporary, { password: 'long-enough-1' })).toEqual({
      password_confirmation: ['The password and password confirmation do not match'],
    });
  });

  it('passes a matching pair with the current password', () => {
    const submission = parse(withCurrent, { current_password: 'old-password', password: 'long-enough-1', password_confirmation: 'long-enough-1' });
    expect(submission.status === 'success' && submission.value).toEqual({
      current_password: 'old-password',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
  });
});

describe('profile intents', () => {
  it('knows the three forms and nothing else', () => {
    expect(['details', 'password', 'delete-request'].map(profileIntent)).toEqual(['details', 'password', 'delete-request']);
    expect(profileIntent('delete')).toBeNull();
    expect(profileIntent(null)).toBeNull();
  });
});

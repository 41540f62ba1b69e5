import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { passwordResetSchema } from '~/forms/password-reset';
import { passwordResetRequestSchema } from '~/forms/password-reset-request';

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === 'success' ? {} : submission.error;
}

describe('password reset request form', () => {
  it('asks for an address, then for a valid one', () => {
    expect(errorsOf(passwordResetRequestSchema, {})).toEqual({ email: ['Enter your Email'] });
    expect(errorsOf(passwordResetRequestSchema, { email: 'not an address' })).toEqual({ email: ['A valid email address is required'] });
    expect(errorsOf(passwordResetRequestSchema, { email: 'fan@example.test' })).toEqual({});
  });
});

describe('new password form', () => {
  const token = 'a'.repeat(43);

  it('needs a password of 8 characters or more', () => {
    expect(errorsOf(passwordResetSchema, { token })).toEqual({ password: ['The password is too short'] });
    expect(errorsOf(passwordResetSchema, { token, password: 'short', password_confirmation: 'short' })).toEqual({ password: ['The password is too short'] });
  });

  it('needs the confirmation to match', () => {
    expect(errorsOf(passwordResetSchema, { token, password: 'long-enough-1', password_confirmation: 'long-enough-2' })).toEqual({
      password_confirmation: ['The password and password confirmation do not match'],
    });
    expect(errorsOf(passwordResetSchema, { token, password: 'long-enough-1' })).toEqual({
      password_confirmation: ['The password and password confirmation do not match'],
    });
  });

  it('passes a matching pair', () => {
    expect(errorsOf(passwordResetSchema, { token, password: 'long-enough-1', password_confirmation: 'long-enough-1' })).toEqual({});
  });
});

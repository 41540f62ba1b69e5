import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { passwordResetSchema } from '~/forms/password-reset';

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === 'success' ? {} : submission.error;
}

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

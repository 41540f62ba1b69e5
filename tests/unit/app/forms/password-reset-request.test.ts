import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
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

import { randomBytes } from 'node:crypto';

/* A fan's details as the registration form takes them, for every kind of test that signs fans up
   (integration, e2e, bench). */

export const PASSWORD = 'correct horse battery';

/** An address no test has used: unique within a run and across runs (the e2e channel API keeps its data). */
export const uniqueEmail = (label = 'fan') => `${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.test`;

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: true,
  ...extra,
});

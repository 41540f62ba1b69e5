import { randomBytes } from 'node:crypto';

/** An id the sandbox gives one of its objects, shaped like Stripe's ('cs_test_…', 'pi_test_…',
 *  'sub_sbx_…'): the prefix, then `length` random letters and digits. */
export const randomId = (prefix: string, length: number): string =>
  `${prefix}${randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)}`;

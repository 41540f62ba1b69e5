import { describe, expect, it } from 'vitest';
import { idOf } from '../../../contract/bounds.ts';
import { id } from '../../../contract/http.ts';

/* idOf reads an id without zod (a page's script); the channel API's schema, `id`, must agree with
   it on every text a query string can bring. */
describe('idOf', () => {
  it('takes what the id schema takes, and refuses what it refuses', () => {
    const texts = ['1', '7', '0007', '2147483647', '2147483648', '0', '-1', '', ' 7', '1.5', '1e3', 'abc', '\u0661', '99999999999', '12a'];
    for (const text of texts) {
      const parsed = id.safeParse(text);
      // The schema also takes ' 7' and '1e3' (Number coerces them): a query string's id is digits.
      const schema = parsed.success && /^\d+$/.test(text) ? parsed.data : null;
      expect(idOf(text), text).toBe(schema);
    }
  });
});

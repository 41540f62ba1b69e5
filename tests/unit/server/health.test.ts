import { describe, expect, it } from 'vitest';
import { databaseAnswers } from '../../../server/health.ts';

/* What /healthz says of the database (server/health.ts): nothing when `select 1` answers; a reason
   that names the error's code, never the driver's message (it may name hosts and users); a reason
   when it does not answer in time. */

describe('databaseAnswers', () => {
  it('is null when the ping answers', async () => {
    expect(await databaseAnswers(async () => ({ rows: [{ '?column?': 1 }] }))).toBeNull();
  });

  it("names the error's code and keeps its message out", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432 as user admin'), { code: 'ECONNREFUSED' });
    expect(await databaseAnswers(() => Promise.reject(refused))).toBe('the database did not answer (ECONNREFUSED)');
    expect(await databaseAnswers(() => Promise.reject(new Error('PGlite is closed')))).toBe('the database did not answer');
    const odd = Object.assign(new Error('x'), { code: 'not a code; with text' });
    expect(await databaseAnswers(() => Promise.reject(odd))).toBe('the database did not answer');
  });

  it('gives up on a ping that hangs', async () => {
    const started = Date.now();
    expect(await databaseAnswers(() => new Promise(() => undefined), 100)).toBe('the database did not answer within 100 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

import * as Sentry from '@sentry/node';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startMonitoring } from '../../../channel-api/monitoring.ts';
import { startSentryReceiver } from '../../support/sentry-receiver.ts';
import { startApi } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* The channel API's errors go to the monitoring service (README "Error monitoring"): a 500 arrives
   at a local receiver with its request scrubbed (no api key); a refusal (4xx) is never sent. */

const file = forThisFile(async () => {
  const receiver = await startSentryReceiver();
  startMonitoring(receiver.dsn);
  const api = await startApi();
  return {
    receiver,
    api,
    close: async () => {
      await api.close();
      await Sentry.close(2_000);
      await receiver.close();
    },
  };
});

describe('errors of the channel API', () => {
  it('a refusal is not sent; a failure of ours arrives without the api key', async () => {
    const key = await file.api.http.apiKey();
    const refused = await file.api.http.request('GET', '/events/999999999', { query: { api_key: key } });
    expect(refused.status).toBe(404);
    const badParams = await file.api.http.request('GET', '/events', { query: { api_key: key, limit: 'many' } });
    expect(badParams.status).toBe(400);

    // A table gone from under it: an error of ours, answered 500 and reported.
    await file.api.server.db.execute(sql`ALTER TABLE faqs RENAME TO faqs_gone`);
    try {
      const failed = await file.api.http.request('GET', '/faq', { query: { api_key: key } });
      expect(failed.status).toBe(500);
    } finally {
      await file.api.server.db.execute(sql`ALTER TABLE faqs_gone RENAME TO faqs`);
    }
    await Sentry.flush(5_000);
    await expect.poll(() => file.receiver.envelopes.flatMap((e) => e.events).length, { timeout: 10_000 }).toBe(1);
    const [event] = file.receiver.envelopes.flatMap((e) => e.events);
    expect(event.exception?.values?.some((v) => /faqs/.test(v.value ?? ''))).toBe(true);
    expect(event.request?.url).toMatch(/\/faq\?api_key=\[Filtered\]$/);
    expect(file.receiver.envelopes.map((e) => e.raw).join('\n')).not.toContain(key);
  });
});

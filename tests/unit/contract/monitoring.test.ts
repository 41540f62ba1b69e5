import { describe, expect, it } from 'vitest';
import { FILTERED, monitoringHooks, scrub, scrubEvent, scrubText, skipReason } from '../../../contract/monitoring.ts';

describe('the skip list (README "Error monitoring")', () => {
  it('skips what is the visitor’s side of the conversation', () => {
    expect(skipReason(Object.assign(new Error('Unauthorized'), { status: 401 }))).toBe('client error (4xx)');
    expect(skipReason(Object.assign(new Error('Not found'), { statusCode: 404 }))).toBe('client error (4xx)');
    expect(skipReason(Object.assign(new Error('Too many'), { status: 429 }))).toBe('client error (4xx)');
    expect(skipReason(Object.assign(new Error('Form refused'), { status: 403 }))).toBe('client error (4xx)');
    expect(skipReason(new DOMException('The operation was aborted.', 'AbortError'))).toBe('request cancelled');
    expect(skipReason(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe('client disconnected');
    expect(skipReason(new TypeError('Failed to fetch dynamically imported module: https://x/build/_shared/a.js'))).toBe('stale code after a deploy');
    expect(skipReason(Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }))).toBe('stale code after a deploy');
    expect(skipReason(new TypeError('Failed to fetch'))).toBe('visitor offline');
    expect(skipReason('ResizeObserver loop completed with undelivered notifications.')).toBe('browser noise');
  });

  it('looks at an error’s causes and at the event’s own exceptions', () => {
    expect(skipReason(new Error('channel call failed', { cause: new DOMException('aborted', 'AbortError') }))).toBe('request cancelled');
    expect(skipReason(undefined, [{ type: 'AbortError', value: 'signal is aborted without reason' }])).toBe('request cancelled');
    expect(skipReason({ reason: 'x' }, [{ type: 'TypeError', value: 'Load failed' }])).toBe('visitor offline');
  });

  it('reports our own failures: 5xx, bugs, timeouts', () => {
    expect(skipReason(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(skipReason(Object.assign(new Error('Service unavailable'), { status: 503 }))).toBeNull();
    expect(skipReason(new DOMException('The operation timed out.', 'TimeoutError'))).toBeNull();
    expect(skipReason(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeNull();
  });

  it('drops a skipped event in beforeSend and scrubs one that goes', () => {
    const event = { exception: { values: [{ type: 'Error', value: 'for fan@example.com' }] } };
    expect(monitoringHooks.beforeSend(event, { originalException: new DOMException('x', 'AbortError') })).toBeNull();
    expect(monitoringHooks.beforeSend(event, { originalException: new Error('x') })?.exception.values[0].value).toBe('for [email]');
    expect(monitoringHooks.sendDefaultPii).toBe(false);
  });
});

describe('the scrubber', () => {
  it('takes tokens out of the capability links and secret query parameters', () => {
    expect(scrubText('https://site.example/calendar/abcDEF123.ics')).toBe(`https://site.example/calendar/${FILTERED}.ics`);
    expect(scrubText('/gift/tok_987?x=1')).toBe(`/gift/${FILTERED}?x=1`);
    expect(scrubText('GET /alerts/unsubscribe/u-123 failed')).toBe(`GET /alerts/unsubscribe/${FILTERED} failed`);
    expect(scrubText('/share/12/3f0c-uuid')).toBe(`/share/12/${FILTERED}`);
    expect(scrubText('/password-reset?key=s3cret&page=2')).toBe(`/password-reset?key=${FILTERED}&page=2`);
    expect(scrubText('/verify-email?token=abc')).toBe(`/verify-email?token=${FILTERED}`);
    expect(scrubText('http://api/events?limit=5&api_key=KEY123')).toBe(`http://api/events?limit=5&api_key=${FILTERED}`);
    expect(scrubText('/auth/google/callback?code=C&state=S')).toBe(`/auth/google/callback?code=${FILTERED}&state=${FILTERED}`);
    expect(scrubText('/orders/5?session_id=cs_test_1')).toBe(`/orders/5?session_id=${FILTERED}`);
  });

  it('takes out e-mail addresses, card numbers and credentials, and leaves other numbers', () => {
    expect(scrubText('no account for fan.one+x@example.co.uk')).toBe('no account for [email]');
    expect(scrubText('card 4242 4242 4242 4242 declined')).toBe('card [card] declined');
    expect(scrubText('card 4000-0000-0000-0002')).toBe('card [card]');
    expect(scrubText('order 1700000000001 at 2026-11-29')).toBe('order 1700000000001 at 2026-11-29');
    expect(scrubText('Authorization: Bearer abc.def')).toBe(`Authorization: Bearer ${FILTERED}`);
  });

  it('empties every property named as a secret, at any depth', () => {
    const cleaned = scrub({
      request: {
        url: 'http://x/gift/T1',
        headers: { cookie: '__session=s', Authorization: 'Basic x', 'user-agent': 'UA', 'x-fieldhouse-client-ip': '203.0.113.9' },
        cookies: { __session: 's' },
        data: { password: 'hunter2', email: 'a@b.co', card_number: '4242', name: 'Kim' },
      },
      extra: { apiKey: 'k', channel_key: 'c', nested: [{ refreshToken: 'r', csrf: 't', other: 'fine' }] },
    });
    expect(cleaned).toEqual({
      request: {
        url: `http://x/gift/${FILTERED}`,
        headers: { cookie: FILTERED, Authorization: FILTERED, 'user-agent': 'UA', 'x-fieldhouse-client-ip': FILTERED },
        cookies: FILTERED,
        data: { password: FILTERED, email: FILTERED, card_number: FILTERED, name: 'Kim' },
      },
      extra: { apiKey: FILTERED, channel_key: FILTERED, nested: [{ refreshToken: FILTERED, csrf: FILTERED, other: 'fine' }] },
    });
  });

  it('keeps only the id of a user', () => {
    expect(scrubEvent({ user: { id: 3, email: 'a@b.co', ip_address: '1.2.3.4', username: 'kim' } as { id: number } }).user).toEqual({ id: 3 });
    expect(scrubEvent({ user: { email: 'a@b.co' } as { id?: number } }).user).toBeUndefined();
  });

  it('scrubs breadcrumbs (a channel call’s address with its api key)', () => {
    const crumb = monitoringHooks.beforeBreadcrumb({ category: 'http', data: { url: 'http://127.0.0.1:4000/events?api_key=K', method: 'GET' } });
    expect(crumb.data.url).toBe(`http://127.0.0.1:4000/events?api_key=${FILTERED}`);
  });
});

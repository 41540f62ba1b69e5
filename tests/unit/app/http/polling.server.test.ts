import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollWhilePending } from '~/http/polling.server';

/* The one poll of a page that shows something being made (app/http/polling.server.ts), as
   /orders/{id} and /profile/clips use it: where the page without JavaScript refreshes to, how
   long its loader waits for a change, and when the page stops asking. The channel is a list of
   answers, one per read; the clock is vitest's. */

type Order = { flow: 'processing' | 'success' };
const processing: Order = { flow: 'processing' };
const paid: Order = { flow: 'success' };

/** A channel that answers `answers` in turn (the last one again once they run out). */
function channel<T>(answers: T[]) {
  let reads = 0;
  return {
    read: async () => answers[Math.min(reads++, answers.length - 1)],
    reads: () => reads,
  };
}

const orderRule = { path: '/orders/7', everySeconds: 2, pending: (o: Order) => o.flow === 'processing' };
const page = (query = '', signal?: AbortSignal) => new Request(`http://web.test/orders/7${query}`, { signal });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the page itself (no ?poll)', () => {
  it('answers at once, and refreshes to ?poll=1 while the order is being paid', async () => {
    const ch = channel([processing]);
    expect(await pollWhilePending(page(), orderRule, ch.read)).toEqual({ value: processing, pending: true, refresh: '/orders/7?poll=1' });
    expect(ch.reads()).toBe(1);
  });

  it('does not refresh once the thing is done', async () => {
    expect(await pollWhilePending(page(), orderRule, channel([paid]).read)).toEqual({ value: paid, pending: false, refresh: null });
  });
});

describe('a refresh without JavaScript (?poll=N)', () => {
  it('waits for the order to settle and answers as soon as it has', async () => {
    const ch = channel([processing, processing, paid]);
    const answer = pollWhilePending(page('?poll=3'), orderRule, ch.read);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await answer).toEqual({ value: paid, pending: false, refresh: null });
    expect(ch.reads()).toBe(3);
  });

  it('answers within one interval when nothing changed, refreshing to the next poll', async () => {
    const ch = channel([processing]);
    const started = Date.now();
    const answer = pollWhilePending(page('?poll=3'), orderRule, ch.read);
    const answeredAt = answer.then(() => Date.now());
    await vi.advanceTimersByTimeAsync(5000);
    expect((await answer).refresh).toBe('/orders/7?poll=4');
    expect((await answeredAt) - started).toBeLessThanOrEqual(2000);
    expect(ch.reads()).toBe(5);
  });

  it('answers a change that is not yet the end (a clip’s progress) at once', async () => {
    type Clip = { status: 'queued' | 'processed'; progress: number };
    const clips = channel<Clip[]>([[{ status: 'queued', progress: 10 }], [{ status: 'queued', progress: 40 }]]);
    const rule = {
      path: '/profile/clips',
      everySeconds: 3,
      pending: (list: Clip[]) => list.some((c) => c.status === 'queued'),
      state: (list: Clip[]) => list.map((c) => `${c.status}:${c.progress}`).join(','),
    };
    const answer = pollWhilePending(new Request('http://web.test/profile/clips?poll=1'), rule, clips.read);
    await vi.advanceTimersByTimeAsync(500);
    expect(await answer).toEqual({ value: [{ status: 'queued', progress: 40 }], pending: true, refresh: '/profile/clips?poll=2' });
    expect(clips.reads()).toBe(2);
  });

  it('stops waiting at once when the visitor leaves', async () => {
    const leaving = new AbortController();
    const ch = channel([processing]);
    const answer = pollWhilePending(page('?poll=1', leaving.signal), orderRule, ch.read);
    await vi.advanceTimersByTimeAsync(100);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((await answer).pending).toBe(true);
    expect(ch.reads()).toBe(1);
  });
});

describe('when the page stops asking', () => {
  it('gives up after 5 minutes of refreshes: no refresh, the page offers a link instead', async () => {
    // Every 2 s: 150 refreshes; every 3 s (clips): 100.
    const last = pollWhilePending(page('?poll=150'), orderRule, channel([processing]).read);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await last).toEqual({ value: processing, pending: true, refresh: null });
    const before = pollWhilePending(page('?poll=149'), orderRule, channel([processing]).read);
    await vi.advanceTimersByTimeAsync(2000);
    expect((await before).refresh).toBe('/orders/7?poll=150');
  });

  it('reads a poll number that is not one as the page itself, and a huge one as the last', async () => {
    for (const query of ['?poll=abc', '?poll=-3', '?poll=1.5', '?poll=']) {
      expect((await pollWhilePending(page(query), orderRule, channel([processing]).read)).refresh, query).toBe('/orders/7?poll=1');
    }
    const huge = pollWhilePending(page('?poll=9999'), orderRule, channel([processing]).read);
    await vi.advanceTimersByTimeAsync(2000);
    expect((await huge).refresh).toBeNull();
  });
});

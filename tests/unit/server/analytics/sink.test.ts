import { describe, expect, it } from 'vitest';
import type { EventItem, ViewingItem } from '#contract';
import { analyticsSink, visitorFields } from '../../../../server/analytics/sink.ts';

/* The web server's analytics batches (ADR 049): sent in the background, seconds of one view summed,
   and a channel that fails loses figures, never a page. */

function recorder(fail = false) {
  const sent = { events: [] as EventItem[][], viewings: [] as ViewingItem[][] };
  const senders = {
    events: async (items: EventItem[]) => {
      if (fail) throw new Error('channel down');
      sent.events.push(items);
    },
    viewings: async (items: ViewingItem[]) => {
      if (fail) throw new Error('channel down');
      sent.viewings.push(items);
    },
  };
  return { sent, senders };
}

const who = { ip: '203.0.113.9', user_agent: 'Agent/1' };

describe('the analytics sink', () => {
  it('sends what was queued in one batch, and sums the seconds of one view', async () => {
    const { sent, senders } = recorder();
    const sink = analyticsSink(senders, { flushMs: 60_000 });
    sink.event({ name: 'page_view', path: '/', ...who });
    sink.event({ name: 'page_view', path: '/live', ...who });
    for (let i = 0; i < 5; i++) sink.viewing({ stream_id: 'vod/game-1', event_id: 4, seconds: 2, source: 'segments', ...who });
    sink.viewing({ stream_id: 'vod/game-1', event_id: 4, seconds: 30, source: 'player', ...who });
    await sink.close();
    expect(sent.events).toEqual([[expect.objectContaining({ path: '/' }), expect.objectContaining({ path: '/live' })]]);
    expect(sent.viewings).toEqual([
      [
        { stream_id: 'vod/game-1', event_id: 4, seconds: 10, source: 'segments', ...who },
        { stream_id: 'vod/game-1', event_id: 4, seconds: 30, source: 'player', ...who },
      ],
    ]);
  });

  it("sends a visitor's repeats of one page as one event with their count; another visitor's apart", async () => {
    const { sent, senders } = recorder();
    const sink = analyticsSink(senders, { flushMs: 60_000 });
    for (let i = 0; i < 250; i++) sink.event({ name: 'page_view', path: '/', ...who });
    sink.event({ name: 'page_view', path: '/', ip: '203.0.113.10', user_agent: 'Agent/1' });
    sink.event({ name: 'page_view', path: '/', trk: 'spring-mail', ...who });
    await sink.close();
    expect(sent.events).toEqual([
      [
        { name: 'page_view', path: '/', ...who, count: 250 },
        { name: 'page_view', path: '/', ip: '203.0.113.10', user_agent: 'Agent/1' },
        { name: 'page_view', path: '/', trk: 'spring-mail', ...who },
      ],
    ]);
  });

  it('never throws when the channel fails, and logs it once', async () => {
    const { senders } = recorder(true);
    const logged: string[] = [];
    const sink = analyticsSink(senders, { flushMs: 60_000, log: (m) => logged.push(m) });
    sink.event({ name: 'page_view', path: '/', ...who });
    await sink.flush();
    sink.event({ name: 'page_view', path: '/', ...who });
    await sink.close();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('channel down');
  });

  it('passes on only an address and an agent the datalake takes', () => {
    expect(visitorFields('::ffff:127.0.0.1', 'Agent\u0000/1')).toEqual({ ip: '::ffff:127.0.0.1', user_agent: 'Agent/1' });
    expect(visitorFields('unknown', 'x'.repeat(600))).toEqual({ user_agent: 'x'.repeat(512) });
    expect(visitorFields(undefined, undefined)).toEqual({});
  });
});

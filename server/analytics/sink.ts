import { DATALAKE_BATCH_MAX, MAX_VIEWING_SECONDS, type EventItem, type ViewingItem } from '../../contract/index.ts';

/* What the web server gathers for the channel's analytics (ADR 049), sent in batches: a page never
   waits for it, and a channel that is down or slow loses some figures, never a page. At most
   MAX_QUEUED items wait; beyond that new ones are dropped (and counted in the log). Seconds watched
   of one view (same visitor, stream, game, source) are summed into one item per batch, and a
   visitor's repeats of one event (the same page again and again) are one item with their count:
   the channel stores a row per distinct event, not per request. */

export interface AnalyticsSink {
  event(item: EventItem): void;
  viewing(item: ViewingItem): void;
  /** Sends what is queued now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface Senders {
  events(items: EventItem[]): Promise<unknown>;
  viewings(items: ViewingItem[]): Promise<unknown>;
}

export const FLUSH_MS = 2_000;
const MAX_QUEUED = 5_000;
const LOG_EVERY_MS = 60_000;
/** The most repeats one item carries (the contract's bound on `count`). */
const MAX_COUNT = 100_000;

export function analyticsSink(send: Senders, opts: { flushMs?: number; log?: (message: string) => void } = {}): AnalyticsSink {
  const log = opts.log ?? ((message) => console.warn(message));
  let events = new Map<string, EventItem>();
  let viewings = new Map<string, ViewingItem>();
  let queued = 0;
  let dropped = 0;
  let lastLog = 0;
  let sending: Promise<void> | null = null;
  let soon: NodeJS.Immediate | null = null;

  const complain = (message: string) => {
    const now = Date.now();
    if (now - lastLog < LOG_EVERY_MS) return;
    lastLog = now;
    log(`[analytics] ${message}${dropped ? ` (${dropped} items dropped so far)` : ''}`);
  };

  const enqueue = (add: () => void) => {
    if (queued >= MAX_QUEUED) {
      dropped++;
      return complain('the queue is full: the channel API is not taking analytics');
    }
    add();
    if (queued >= DATALAKE_BATCH_MAX && !soon && !sending) soon = setImmediate(() => void flush());
  };

  async function sendAll(batchEvents: EventItem[], batchViewings: ViewingItem[]) {
    for (let i = 0; i < batchEvents.length; i += DATALAKE_BATCH_MAX) await send.events(batchEvents.slice(i, i + DATALAKE_BATCH_MAX));
    for (let i = 0; i < batchViewings.length; i += DATALAKE_BATCH_MAX) await send.viewings(batchViewings.slice(i, i + DATALAKE_BATCH_MAX));
  }

  function flush(): Promise<void> {
    soon = null;
    if (sending) return sending;
    if (queued === 0) return Promise.resolve();
    const [batchEvents, batchViewings] = [[...events.values()], [...viewings.values()]];
    [events, viewings, queued] = [new Map(), new Map(), 0];
    sending = sendAll(batchEvents, batchViewings)
      .catch((error: unknown) => {
        dropped += batchEvents.length + batchViewings.length;
        complain(`sending to the channel API failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => (sending = null));
    return sending;
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    event: (item) =>
      enqueue(() => {
        const key = JSON.stringify(item);
        const known = events.get(key);
        if (known && (known.count ?? 1) < MAX_COUNT) known.count = (known.count ?? 1) + (item.count ?? 1);
        else {
          if (known) events.set(`${key}\n${queued}`, known);
          events.set(key, { ...item });
          queued++;
        }
      }),
    viewing: (item) =>
      enqueue(() => {
        const key = [item.ip, item.user_agent, item.stream_id, item.event_id, item.vod_id, item.source].join('\n');
        const known = viewings.get(key);
        if (known && known.seconds + item.seconds <= MAX_VIEWING_SECONDS) known.seconds += item.seconds;
        else {
          if (known) viewings.set(`${key}\n${queued}`, known);
          viewings.set(key, { ...item });
          queued++;
        }
      }),
    flush: async () => {
      await sending;
      await flush();
    },
    close: async () => {
      clearInterval(timer);
      if (soon) clearImmediate(soon);
      await sending;
      await flush();
    },
  };
}

/** A visitor's address and user agent as the datalake calls take them (anything else is left out). */
export function visitorFields(ip: string | undefined, userAgent: string | undefined): { ip?: string; user_agent?: string } {
  // eslint-disable-next-line no-control-regex
  const agent = userAgent?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 512);
  return {
    ...(ip && /^[0-9A-Fa-f:.]{2,45}$/.test(ip) ? { ip } : {}),
    ...(agent ? { user_agent: agent } : {}),
  };
}

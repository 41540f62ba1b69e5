import { accessTypeOf } from '#contract/access';

/* What a card says about an event's stream: the spec's three stream statuses and whether it is free. */

export type StreamStatus = 'live' | 'upcoming' | 'finished';

export const STATUS_LABELS: Readonly<Record<StreamStatus, string>> = {
  live: 'Live',
  upcoming: 'Upcoming',
  finished: 'On demand',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as StreamStatus] ?? 'Event';
}

/** Free to watch for anyone, signed in or not (contract: accessTypeOf). */
export function isFree(event: { type: string }): boolean {
  return accessTypeOf(event.type) === 'free';
}

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

/** Any event type other than 'paid' plays for everyone (contract: event.type). */
export function isFree(event: { type: string }): boolean {
  return event.type !== 'paid';
}

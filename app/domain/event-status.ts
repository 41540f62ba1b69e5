import { accessTypeOf } from '#contract/access';
import type { MessageId } from '~/i18n/messages';

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

/** The message of a status's label, in the fan's language (issue 36). */
export function statusLabelId(status: string): MessageId {
  return status === 'live' || status === 'upcoming' || status === 'finished' ? `lists.status.${status}` : 'lists.status.event';
}

/** Free to watch for anyone, signed in or not (contract: accessTypeOf). */
export function isFree(event: { type: string }): boolean {
  return accessTypeOf(event.type) === 'free';
}

import { describe, expect, it } from 'vitest';
import { CLIPS_IN_PROGRESS_MAX } from '../../../../contract/clips.ts';
import { clipJobPriority, mayQueueClip } from '../../../../channel-api/services/clip-fairness.ts';

/* The clip queue's fairness (ADR 057): the limit per fan, and the order the queue takes jobs in
   (highest priority first, then oldest: pg-boss's fetch). */

describe('mayQueueClip', () => {
  it(`takes a clip while the fan has fewer than ${CLIPS_IN_PROGRESS_MAX} in progress`, () => {
    expect(CLIPS_IN_PROGRESS_MAX).toBe(3);
    expect([0, 1, 2, 3, 4].map((n) => mayQueueClip(n))).toEqual([true, true, true, false, false]);
  });
});

describe('clipJobPriority', () => {
  /** The jobs in the order the queue takes them: priority, then age (their place in `sent`). */
  const order = (sent: { name: string; inProgress: number }[]) =>
    sent
      .map((job, age) => ({ ...job, age, priority: clipJobPriority(job.inProgress) }))
      .sort((a, b) => b.priority - a.priority || a.age - b.age)
      .map((job) => job.name);

  it("takes every fan's first clip before anyone's second, then the seconds, then the thirds", () => {
    expect(
      order([
        { name: 'A1', inProgress: 0 },
        { name: 'A2', inProgress: 1 },
        { name: 'A3', inProgress: 2 },
        { name: 'B1', inProgress: 0 },
        { name: 'C1', inProgress: 0 },
        { name: 'C2', inProgress: 1 },
      ]),
    ).toEqual(['A1', 'B1', 'C1', 'A2', 'C2', 'A3']);
  });

  it('is 0 for a first clip, never positive', () => {
    expect(clipJobPriority(0)).toBe(0);
    expect(clipJobPriority(-4)).toBe(0);
    expect(clipJobPriority(2.7)).toBe(-2);
  });
});

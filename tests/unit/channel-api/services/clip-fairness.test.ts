import { describe, expect, it } from 'vitest';
import { clipJobPriority } from '../../../../channel-api/services/clip-fairness.ts';

/* The clip queue's fairness (ADR 057): the order the queue takes jobs in
   (highest priority first, then oldest: pg-boss's fetch). */

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

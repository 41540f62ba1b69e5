/** The middle value (the upper of the two middle ones when the count is even) — the bench's medians. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

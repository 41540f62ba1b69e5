/** An amount the channel sends in US cents as a fan of the demo channel reads it: 799 → '$7.99'.
 *  Written out here rather than with contract/money.ts, so a test checks the formatter instead of
 *  repeating it. */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

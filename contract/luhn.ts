/** Luhn's check digit test: true when a run of digits could be a card number. The sandbox's card
 *  form (channel-api/payments/sandbox.ts) and the error scrubber (contract/monitoring.ts) share it. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

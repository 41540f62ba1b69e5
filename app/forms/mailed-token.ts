import { mailedToken } from '#contract/auth';

/** The token of a mailed link (/verify-email, /password-reset, /confirm-account-deletion), or
 *  null when it cannot be one of ours: one rule, the contract's, for every such page. */
export function mailedTokenOf(value: unknown): string | null {
  const parsed = mailedToken.safeParse(value);
  return parsed.success ? parsed.data : null;
}

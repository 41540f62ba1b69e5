import { SERVER_MSG } from '../../contract/index.ts';
import type { Caller, Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import {
  addFailure,
  clearAccountFailures,
  recentFailures,
  recordSignIn,
  removeFailure,
  signedInFrom,
  sweepAddresses,
  sweepFailures,
} from '../repo/sign-in-limits.ts';
import { normaliseEmail } from '../repo/users.ts';

/*
 * Limits on password sign-in (ADR 028), kept in the database so every process of the channel API
 * counts together:
 * - per account (the normalised address, whether or not an account has it): at most
 *   `accountFailures` failed sign-ins in `windowSeconds`, whatever addresses they come from;
 * - per client address: at most `addressFailures` failed sign-ins in the window, over every
 *   account (loopback is exempt: a web server that forwards no fan's address would lump them all);
 * - an address the account signed in from in the last KNOWN_ADDRESS_DAYS counts only its own
 *   failures for that account, so someone else's guesses do not lock the fan out at home.
 * An attempt counts as failed from before its password is checked until it proves right, so
 * parallel guesses cannot all pass one check; a refused attempt does not count.
 */

export interface SignInLimits {
  /** How long a failed sign-in counts. */
  windowSeconds: number;
  /** Failed sign-ins an account takes in a window, from every address together. */
  accountFailures: number;
  /** Failed sign-ins one address makes in a window, over every account. */
  addressFailures: number;
}

/** How long an address an account signed in from keeps its own count. */
export const KNOWN_ADDRESS_DAYS = 30;

const LOOPBACK = new Set(['', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Seconds to wait before the next attempt may be made, or 0: the attempt may go ahead. Each list
 * holds the failures (newest first) in the window that count against this attempt; a limit is
 * reached when there are `limit` of them, and lifts when the limit-th newest leaves the window.
 */
export function signInWait(limits: SignInLimits, failures: { account: Date[]; address: Date[] }, now: Date): number {
  const windowMs = limits.windowSeconds * 1000;
  const waitFor = (times: Date[], limit: number) =>
    times.length < limit ? 0 : Math.max(1, Math.ceil((times[limit - 1].getTime() + windowMs - now.getTime()) / 1000));
  return Math.max(waitFor(failures.account, limits.accountFailures), waitFor(failures.address, limits.addressFailures));
}

export interface SignInAttempt {
  /** The password was right: the attempt is no failure, and the address is one the account uses. */
  succeeded(): Promise<void>;
  /** The attempt ended before its password was checked: it does not count. */
  withdraw(): Promise<void>;
}

/** Starts a password sign-in for `email` from the caller's address: counted as failed until
 *  `succeeded()`, or refused with 429 and Retry-After when a limit is reached. */
export async function startSignInAttempt(deps: Deps, caller: Caller, email: string, now = new Date()): Promise<SignInAttempt> {
  const { db, signInLimits: limits } = deps;
  const key = { channelId: caller.channel.id, account: accountHash(deps, email), address: keyed(deps, `sign-in-address:${caller.ip}`) };
  const windowStart = new Date(now.getTime() - limits.windowSeconds * 1000);
  await sweepFailures(db, windowStart);
  const id = await addFailure(db, key, now);
  const known = await signedInFrom(db, key, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000));
  const account = await recentFailures(db, known ? key : { channelId: key.channelId, account: key.account }, windowStart, id, limits.accountFailures);
  const address = LOOPBACK.has(caller.ip)
    ? []
    : await recentFailures(db, { channelId: key.channelId, address: key.address }, windowStart, id, limits.addressFailures);
  const wait = signInWait(limits, { account, address }, now);
  if (wait > 0) {
    await removeFailure(db, id);
    throw new HttpError(429, 'throttled', SERVER_MSG.signInThrottled, undefined, wait);
  }
  return {
    async succeeded() {
      const at = new Date();
      await recordSignIn(db, key, at);
      await sweepAddresses(db, new Date(at.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000));
    },
    withdraw: () => removeFailure(db, id),
  };
}

/** The account's owner set a new password from a mailed link: guesses at the old one stop counting. */
export function forgetFailedSignIns(deps: Deps, channelId: number, email: string): Promise<void> {
  return clearAccountFailures(deps.db, channelId, accountHash(deps, email));
}

// Keyed hashes with the current key: after a key rotation, counts simply start again.
const keyed = (deps: Deps, value: string) => deps.signing.hashes('sign-in-limits', value)[0];
const accountHash = (deps: Deps, email: string) => keyed(deps, `sign-in:${normaliseEmail(email)}`);

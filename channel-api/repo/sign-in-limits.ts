import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInAddresses, signInFailures } from '../db/schema.ts';

/* The rows behind the sign-in limits (services/sign-in-limits.ts). `account` and `address` are
 * keyed hashes; times come from the caller, so every process judges by one clock. */

export interface SignInKey {
  channelId: number;
  account: string;
  address: string;
}

/** Counts an attempt as failed (until its password proves right); its id. */
export async function addFailure(db: Db, key: SignInKey, at: Date): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ ...key, failedAt: at })
    .returning({ id: signInFailures.id });
  return row.id;
}

/** When the failures matching `scope` happened since `since`, newest first, leaving out `except`
 *  (the attempt being judged); at most `cap`: more than a limit's worth never changes the answer. */
export async function recentFailures(
  db: Db,
  scope: { channelId: number; account?: string; address?: string },
  since: Date,
  except: number,
  cap: number,
): Promise<Date[]> {
  const rows = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.channelId, scope.channelId),
        scope.account === undefined ? undefined : eq(signInFailures.account, scope.account),
        scope.address === undefined ? undefined : eq(signInFailures.address, scope.address),
        gt(signInFailures.failedAt, since),
        ne(signInFailures.id, except),
      ),
    )
    .orderBy(desc(signInFailures.failedAt))
    .limit(cap);
  return rows.map((row) => row.failedAt);
}

export async function removeFailure(db: Db, id: number): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, id));
}

/** A right password from this address: its failures for this account are forgotten, and the
 *  address is remembered as one the account signs in from. */
export async function recordSignIn(db: Db, key: SignInKey, at: Date): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.channelId, key.channelId), eq(signInFailures.account, key.account), eq(signInFailures.address, key.address)));
  await db
    .insert(signInAddresses)
    .values({ ...key, signedInAt: at })
    .onConflictDoUpdate({ target: [signInAddresses.channelId, signInAddresses.account, signInAddresses.address], set: { signedInAt: at } });
}

/** Whether the account signed in from this address since `since`. */
export async function signedInFrom(db: Db, key: SignInKey, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: signInAddresses.signedInAt })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.channelId, key.channelId),
        eq(signInAddresses.account, key.account),
        eq(signInAddresses.address, key.address),
        gt(signInAddresses.signedInAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Forgets the account's failures (its password was just reset by its owner). */
export async function clearAccountFailures(db: Db, channelId: number, account: string): Promise<void> {
  await db.delete(signInFailures).where(and(eq(signInFailures.channelId, channelId), eq(signInFailures.account, account)));
}

/** Drops failures that no longer count. */
export async function sweepFailures(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, before));
}

/** Drops addresses not signed in from lately. */
export async function sweepAddresses(db: Db, before: Date): Promise<void> {
  await db.delete(signInAddresses).where(lt(signInAddresses.signedInAt, before));
}

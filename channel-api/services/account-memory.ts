import type { Executor } from '../db/client.ts';
import { recallAddress, rememberAddress } from '../repo/account.ts';
import { firstPurchaseMade } from '../repo/coupons.ts';
import type { UserRow } from '../repo/users.ts';
import type { Signing } from '../signing.ts';

/*
 * A deleted account's spent free trial and first purchase, remembered without the person (ADR 027):
 * when an account goes (or moves to another address), its channel keeps a keyed hash of the
 * normalised address with two flags; an account made again for that address starts with them.
 * The hash is an HMAC with the server's own key, so the table alone does not tell whether an
 * address is in it, and it holds nothing else.
 */

/** The address as one mailbox: lower case, no +tag (mail to fan+x@ reaches fan@), and for Gmail,
 *  whose addresses ignore dots, none. */
export function memoryAddress(email: string): string {
  const [local, domain] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  if (domain === undefined) return local;
  const box = local.split('+')[0];
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? box.replace(/\./g, '') : box}@${gmail ? 'gmail.com' : domain}`;
}

/** What an account leaving its address (deleted, or moved) leaves behind, in the caller's transaction. */
export async function rememberAccount(tx: Executor, signing: Signing, user: UserRow, now = new Date()): Promise<void> {
  const facts = { trialUsed: user.trialPeriodUsed, purchased: await firstPurchaseMade(tx, user.id, now) };
  if (!facts.trialUsed && !facts.purchased) return;
  await rememberAddress(tx, user.channelId, signing.hashes('account-memory', memoryAddress(user.email))[0], facts);
}

/** The columns a new account of this address starts with: its spent trial and first purchase. */
export async function rememberedFor(
  db: Executor,
  signing: Signing,
  channelId: number,
  email: string,
): Promise<{ trialPeriodUsed: boolean; purchasedBefore: boolean }> {
  const facts = await recallAddress(db, channelId, signing.hashes('account-memory', memoryAddress(email)));
  return { trialPeriodUsed: facts.trialUsed, purchasedBefore: facts.purchased };
}

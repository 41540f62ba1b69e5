import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { userTokens, type TokenKind } from '../db/schema.ts';

/* One-time secrets: 32 random bytes (base64url) handed out once, stored only as sha256, so a
 * leaked table holds no usable link. Single use: `used_at` is set when one is spent. */

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  verify: 48 * 3600,
  reset: 60 * 60,
  delete: 24 * 3600,
  session_code: 10 * 60,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type TokenRow = typeof userTokens.$inferSelect;

export async function createToken(db: Executor, userId: number, kind: TokenKind, opts: { email?: string; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_SECONDS[kind] * 1000);
  await db.insert(userTokens).values({ userId, kind, tokenHash: hashToken(token), email: opts.email ?? null, expiresAt });
  return { token, expiresAt };
}

export async function findToken(db: Db, kind: TokenKind, token: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind)))
    .limit(1);
  return row;
}

export type TokenState = 'valid' | 'used' | 'expired';
export const tokenState = (row: TokenRow, now = new Date()): TokenState =>
  row.usedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';

/** Spends a token; false when another request spent it first (the update is the arbiter). */
export async function spendToken(db: Executor, id: number, now = new Date()): Promise<boolean> {
  const spent = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return spent.length === 1;
}

/** Retires every unspent token of a kind (a new password makes older reset links useless). */
export async function spendAllTokens(db: Executor, userId: number, kind: TokenKind, now = new Date()): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
}

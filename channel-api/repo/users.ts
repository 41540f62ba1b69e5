import { and, eq, sql } from 'drizzle-orm';
import type { User } from '../../contract/auth.ts';
import type { Executor } from '../db/client.ts';
import { userIdentities, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The user as the contract describes it; `isGeoBlocked` comes from the request's address, the
 *  capabilities from access.ts (capabilitiesOf: the account's and its paid orders'). */
export function userOut(row: UserRow, isGeoBlocked: boolean, capabilities: string[]): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    trial_period_used: row.trialPeriodUsed,
    temporary_password: row.temporaryPassword,
    is_geo_blocked: isGeoBlocked,
    capabilities,
    featureCount: { clips: row.clipsCount, downloads: row.downloadsCount },
    news_opt_in: row.newsOptIn,
    email_verified: row.emailVerifiedAt !== null,
    has_password: row.passwordHash !== null,
    role: row.role,
  };
}

export async function userByEmail(db: Executor, channelId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.channelId, channelId), eq(users.email, normaliseEmail(email))))
    .limit(1);
  return row;
}

export async function userById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The user's row, locked until the caller's transaction ends: what a checkout holds for the fan
 *  is decided by one request at a time (services/holds.ts). */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Undefined when the address is already taken in the channel (also under a concurrent insert). */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: normaliseEmail(values.email) })
      .onConflictDoNothing({ target: [users.channelId, users.email] })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** A new e-mail taken by another user throws a unique violation (see isUniqueViolation): inside a
 *  transaction the error aborts it, so callers catch it outside. */
export async function updateUser(db: Executor, id: number, changes: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, ...(changes.email ? { email: normaliseEmail(changes.email) } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function userByIdentity(db: Executor, channelId: number, provider: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.channelId, channelId), eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

export async function linkIdentity(db: Executor, user: UserRow, provider: string, subject: string): Promise<void> {
  await db.insert(userIdentities).values({ channelId: user.channelId, userId: user.id, provider, subject }).onConflictDoNothing();
}

/** `jo***@example.com`: enough for the fan to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}

/** Makes an account an operator, or a fan again (`user:create --role`). */
export async function setRole(db: Executor, userId: number, role: UserRow['role']): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

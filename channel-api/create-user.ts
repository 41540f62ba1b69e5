import { parseArgs } from 'node:util';
import { isLoginName, NAME_MAX, userRole } from '../contract/auth.ts';
import { hashPassword, randomPassword } from './auth/password.ts';
import { openDatabase } from './db/client.ts';
import { channelApiEnv, databaseOptions } from './env.ts';
import { channelBySlug, defaultChannel } from './repo/channels.ts';
import { insertUser, setRole, userByEmail } from './repo/users.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { rememberedFor } from './services/account-memory.ts';
import { loadSigning } from './signing.ts';

/**
 * `npm run user:create -- --email fan@example.com [--first-name Ann --last-name Lee] [--role operator] [--channel slug]`
 * Creates a verified user with a random temporary password, printed once; the fan must change it
 * at first sign-in. `--role operator` makes an operator (who reads /operator/report); for an
 * address that has an account already, it changes only that account's role (`--role fan` takes it
 * back). Opens the database like the channel API (DATABASE_URL, else PGlite under
 * DATA_DIR; stop a PGlite channel API first, its data dir lock refuses a second process).
 * Exit codes: 0 created, 1 failure, 2 refused (bad arguments or the address is taken).
 */
const usage = 'usage: npm run user:create -- --email <address> [--first-name <name>] [--last-name <name>] [--role fan|operator] [--channel <slug>]';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

let args: { email?: string; 'first-name'?: string; 'last-name'?: string; role?: string; channel?: string };
try {
  ({ values: args } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      channel: { type: 'string' },
    },
    strict: true,
  }));
} catch (error) {
  refuse(`${(error as Error).message}\n${usage}`);
}
const email = args.email?.trim() ?? '';
if (!email) refuse(usage);
if (!isLoginName(email)) refuse(`"${email}" is not a valid email address.`);
const firstName = args['first-name']?.trim() ?? '';
const lastName = args['last-name']?.trim() ?? '';
if (firstName.length > NAME_MAX || lastName.length > NAME_MAX) refuse(`Names are at most ${NAME_MAX} characters.`);
const role = args.role === undefined ? undefined : userRole.safeParse(args.role).data;
if (args.role !== undefined && !role) refuse(`--role is fan or operator, not "${args.role}".`);

const database = await openDatabase(databaseOptions()).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
let code = 0;
try {
  // A fresh database gets the demo channel, as the channel API would on its first start.
  await seedIfEmpty(database.db);
  const channel = args.channel ? await channelBySlug(database.db, args.channel) : await defaultChannel(database.db);
  if (!channel) throw Object.assign(new Error(`No channel named ${args.channel}.`), { refused: true });
  const taken = await userByEmail(database.db, channel.id, email);
  if (taken && role) {
    await setRole(database.db, taken.id, role);
    console.log(`${taken.email} (id ${taken.id}) is now ${role === 'operator' ? 'an operator' : 'a fan'} of ${channel.name}.`);
  } else {
    const password = randomPassword();
    const user = taken
      ? undefined
      : await insertUser(database.db, {
          // A deleted account of this address spent its trial and first purchase (ADR 027).
          ...(await rememberedFor(database.db, await loadSigning(database.db, channelApiEnv()), channel.id, email)),
          channelId: channel.id,
          email,
          firstName,
          lastName,
          passwordHash: await hashPassword(password),
          temporaryPassword: true,
          emailVerifiedAt: new Date(),
          role: role ?? 'fan',
        });
    if (!user)
      throw Object.assign(new Error(`A user with the email address ${email.toLowerCase()} already exists in ${channel.name}; nothing was changed.`), {
        refused: true,
      });
    console.log(`Created ${user.role === 'operator' ? 'operator' : 'user'} ${user.email} (id ${user.id}) in ${channel.name}.`);
    console.log(`Temporary password (shown only now): ${password}`);
    console.log('The user must choose a new password after signing in.');
  }
} catch (error) {
  console.error((error as Error).message);
  code = (error as { refused?: boolean }).refused ? 2 : 1;
} finally {
  await database.close();
}
process.exit(code);

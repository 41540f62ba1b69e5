import { api, SERVER_MSG } from '../../contract/index.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { rememberAccount } from './account-memory.ts';
import { removeClipFiles } from './clips.ts';
import { mailLink } from './sign-in.ts';
import { HttpError } from '../http/errors.ts';
import { deleteAccount } from '../repo/account.ts';
import { clipsOfUser } from '../repo/clips.ts';
import { findToken, tokenState } from '../repo/tokens.ts';
import { maskEmail, userById, type UserRow } from '../repo/users.ts';

/* Account deletion by mailed confirmation. */

const badLink = () => new HttpError(400, 'verification_failed', SERVER_MSG.verificationFailed, { token: [SERVER_MSG.verificationFailed] });

async function validDeletion(deps: Deps, caller: Caller, token: string) {
  const row = await findToken(deps.db, 'delete', token);
  const user = row && tokenState(row) === 'valid' ? await userById(deps.db, row.userId) : undefined;
  if (!row || !user || user.channelId !== caller.channel.id) throw badLink();
  return { row, user };
}

/** The deletion link's page asks before deleting: this tells it whose account the link is for. */
export async function deletionInfo(deps: Deps, caller: Caller, params: ParamsOf<typeof api.deleteAccountInfo>) {
  const { row, user } = await validDeletion(deps, caller, params.token);
  return { email: maskEmail(user.email), expires_at: row.expiresAt.toISOString() };
}

/** Mails the signed-in fan a confirmation link. */
export async function requestDeletion(deps: Deps, caller: Caller, user: UserRow) {
  await mailLink(deps, caller, 'delete', user);
  return { message: 'We have sent you an email to confirm the deletion of your account.' };
}

/** Any key may confirm: the link can be opened in another browser; the token is the proof. */
export async function confirmDeletion(deps: Deps, caller: Caller, token: string) {
  const { row, user } = await validDeletion(deps, caller, token);
  const clips = await clipsOfUser(deps.db, user.id);
  if (!(await deleteAccount(deps.db, user.id, row.id, (tx) => rememberAccount(tx, deps.signing, user)))) throw badLink();
  // The clips' files go with their rows (a job still queued finds no clip and makes none).
  await removeClipFiles(
    deps,
    clips.map((c) => c.clip.uuid),
  );
  return { message: 'Your account has been deleted.' };
}

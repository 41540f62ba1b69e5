import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useRouteLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { DeleteAccountSection } from '~/components/profile/DeleteAccountSection';
import { DetailsForm } from '~/components/profile/DetailsForm';
import { PasswordForm } from '~/components/profile/PasswordForm';
import { pageMeta } from '~/domain/page-meta';
import { intentOf } from '~/forms/intent';
import { detailsSchema, PASSWORD_FIELDS, PROFILE_INTENTS, passwordSchema, type ProfileIntent } from '~/forms/profile';
import { channelErrorReply, refusalToast } from '~/forms/reply.server';
import { seeOther, seeOtherWithToast } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import type { SessionUser } from '~/http/session-cookie.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import type { ProfileLoader } from './profile';

/* /profile/edit: details, password and the start of account deletion, each its own form (an
   `intent` tells them apart). The profile itself comes from the /profile layout's loader. A fan
   with a temporary password is kept here by the root loader until they choose their own. */

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Edit profile', 'Change your name, e-mail address, password and news settings.');

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  const user = await requireUser(args);
  switch (intentOf(formData, PROFILE_INTENTS)) {
    case 'details':
      return updateDetails(args, user, formData);
    case 'password':
      return changePassword(args, formData);
    case 'delete-request':
      return requestDeletion(args, user);
    default:
      throw refused(400);
  }
}

async function updateDetails(args: RouteArgs, user: SessionUser, formData: FormData) {
  const { channel, session } = requestContext(args);
  const submission = parseWithZod(formData, { schema: detailsSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  let updated;
  try {
    ({ data: updated } = await channel.asUser(api.updateProfile, { _method: 'patch', ...submission.value }));
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['first_name', 'last_name', 'email', 'news_opt_in'] });
  }
  await session.updateUser(updated);
  const emailChanged = updated.email.toLowerCase() !== user.email.toLowerCase();
  const { t } = await i18nOf(args);
  await session.toast({
    type: 'success',
    text: emailChanged ? t('profile.toast.updatedEmail', { email: updated.email }) : t('profile.toast.updated'),
  });
  return seeOther('/profile');
}

async function changePassword(args: RouteArgs, formData: FormData) {
  const { channel, session } = requestContext(args);
  // Whether the current password is asked follows the channel's own rule, read fresh.
  const { data: profile } = await channel.asUser(api.profile);
  const schema = passwordSchema({ needsCurrent: needsCurrentPassword(profile) });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  const { password, password_confirmation, current_password } = submission.value;
  let updated;
  try {
    ({ data: updated } = await channel.asUser(api.updateProfile, { _method: 'patch', password, password_confirmation, current_password }));
  } catch (error) {
    // The channel's wrong credentials here are the current password, not an e-mail and password.
    if (refusalOf(error).code === 'wrong_credentials')
      return json({ result: submission.reply({ fieldErrors: { current_password: [WRONG_CURRENT_PASSWORD] }, hideFields: PASSWORD_FIELDS }) }, { status: 400 });
    return channelErrorReply(submission, error, { fields: PASSWORD_FIELDS, hideFields: PASSWORD_FIELDS });
  }
  // The snapshot loses temporary_password here, so the root loader lets the fan go.
  await session.updateUser(updated);
  const { t } = await i18nOf(args);
  await session.toast({ type: 'success', text: t(profile.temporary_password ? 'profile.toast.passwordSet' : 'profile.toast.passwordChanged') });
  return seeOther('/profile');
}

async function requestDeletion(args: RouteArgs, user: SessionUser) {
  const { channel, session } = requestContext(args);
  try {
    await channel.asUser(api.deleteAccountConfirm, {});
  } catch (error) {
    return refusalToast(session, '/profile/edit', refusalOf(error));
  }
  const { t } = await i18nOf(args);
  return seeOtherWithToast(session, '/profile/edit', { type: 'info', text: t('profile.toast.deletionLink', { email: user.email }) });
}

const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

const needsCurrentPassword = (p: { has_password: boolean; temporary_password: boolean }) => p.has_password && !p.temporary_password;

/** The reply meant for the form with this intent: the submit button's `intent` comes back in
 *  the reply's initial value (the passwords do not). */
function replyFor(result: SubmissionResult<string[]> | undefined, intent: ProfileIntent) {
  return result?.initialValue?.intent === intent ? result : undefined;
}

export default function EditProfile() {
  const profile = useRouteLoaderData<ProfileLoader>('routes/profile');
  const lastResult = useActionData<typeof action>()?.result;
  const { t } = useI18n();
  if (!profile) return null;
  const { user } = profile;
  const forced = user.temporary_password;
  const password = (
    <PasswordForm
      lastResult={replyFor(lastResult, 'password')}
      needsCurrent={needsCurrentPassword(user)}
      heading={t(forced || !user.has_password ? 'profile.password.choose' : 'profile.password.change')}
    />
  );
  return (
    <>
      <h1>{t('profile.edit')}</h1>
      {forced ? (
        <p className="notice">
          <strong>{t('profile.forced.strong')}</strong> {t('profile.forced.text')}
        </p>
      ) : (
        <p>
          <Link to="/profile">{t('profile.back')}</Link>
        </p>
      )}
      {forced ? password : null}
      <DetailsForm
        lastResult={replyFor(lastResult, 'details')}
        defaultValue={{ first_name: user.first_name, last_name: user.last_name, email: user.email, news_opt_in: user.news_opt_in }}
      />
      {forced ? null : password}
      <DeleteAccountSection email={user.email} />
    </>
  );
}

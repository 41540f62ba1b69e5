import type { SubmissionResult } from '@conform-to/react';
import { PASSWORD_MIN } from '#contract/auth';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { useAppForm } from '~/forms/kit';
import { passwordSchema } from '~/forms/profile';

interface Props {
  lastResult?: SubmissionResult<string[]>;
  /** False while the password is temporary, or for an account that never had one (social). */
  needsCurrent: boolean;
  heading: string;
}

/** A new password (intent=password); the passwords never come back from the server. */
export function PasswordForm({ lastResult, needsCurrent, heading }: Props) {
  const schema = passwordSchema({ needsCurrent });
  const kit = useAppForm({ id: 'profile-password', schema, lastResult });
  const { fields } = kit;
  return (
    <section className="profile-section" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading">{heading}</h2>
      <AppForm kit={kit}>
        {needsCurrent ? <Field meta={fields.current_password} label="Current password" type="password" autoComplete="current-password" /> : null}
        <Field meta={fields.password} label="New password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} />
        <Field meta={fields.password_confirmation} label="Confirm new password" type="password" autoComplete="new-password" />
        <div className="form-actions">
          <SubmitButton intent="password" pendingText="Saving your password…">
            {needsCurrent ? 'Change password' : 'Set password'}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

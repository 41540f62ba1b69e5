import type { SubmissionResult } from '@conform-to/react';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { NewPasswordField } from '~/components/form/NewPasswordField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { useAppForm } from '~/forms/kit';
import { passwordSchema } from '~/forms/profile';
import { useI18n } from '~/i18n/use-i18n';

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
  const { t } = useI18n();
  return (
    <section className="profile-section" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading">{heading}</h2>
      <AppForm kit={kit}>
        {needsCurrent ? <Field meta={fields.current_password} label={t('profile.password.current')} type="password" autoComplete="current-password" /> : null}
        <NewPasswordField meta={fields.password} label={t('profile.password.new')} />
        <Field meta={fields.password_confirmation} label={t('profile.password.confirm')} type="password" autoComplete="new-password" />
        <div className="form-actions">
          <SubmitButton intent="password" pendingText={t('profile.password.saving')}>
            {t(needsCurrent ? 'profile.password.change' : 'profile.password.set')}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

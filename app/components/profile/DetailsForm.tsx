import type { SubmissionResult } from '@conform-to/react';
import { AppForm } from '~/components/form/AppForm';
import { CheckboxField } from '~/components/form/CheckboxField';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { useAppForm } from '~/forms/kit';
import { detailsSchema, type DetailsValue } from '~/forms/profile';
import { useI18n } from '~/i18n/use-i18n';

/** Name, e-mail and news opt-in (intent=details). */
export function DetailsForm({ lastResult, defaultValue }: { lastResult?: SubmissionResult<string[]>; defaultValue: DetailsValue }) {
  const kit = useAppForm({ id: 'profile-details', schema: detailsSchema, lastResult, defaultValue });
  const { fields } = kit;
  const { t } = useI18n();
  return (
    <section className="profile-section" aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">{t('profile.details')}</h2>
      <AppForm kit={kit}>
        <Field meta={fields.first_name} label={t('account.firstName')} autoComplete="given-name" />
        <Field meta={fields.last_name} label={t('account.lastName')} autoComplete="family-name" />
        <Field meta={fields.email} label={t('account.email')} type="email" inputMode="email" autoComplete="email" hint={t('profile.emailHint')} />
        <CheckboxField meta={fields.news_opt_in}>{t('profile.news')}</CheckboxField>
        <div className="form-actions">
          <SubmitButton intent="details" pendingText={t('profile.saving')}>
            {t('profile.save')}
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

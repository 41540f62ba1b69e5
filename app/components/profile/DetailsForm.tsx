import type { SubmissionResult } from '@conform-to/react';
import { AppForm } from '~/components/form/AppForm';
import { CheckboxField } from '~/components/form/CheckboxField';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { useAppForm } from '~/forms/kit';
import { detailsSchema, type DetailsValue } from '~/forms/profile';

/** Name, e-mail and news opt-in (intent=details). */
export function DetailsForm({ lastResult, defaultValue }: { lastResult?: SubmissionResult<string[]>; defaultValue: DetailsValue }) {
  const kit = useAppForm({ id: 'profile-details', schema: detailsSchema, lastResult, defaultValue });
  const { fields } = kit;
  return (
    <section className="profile-section" aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">Your details</h2>
      <AppForm kit={kit}>
        <Field meta={fields.first_name} label="First name" autoComplete="given-name" />
        <Field meta={fields.last_name} label="Last name" autoComplete="family-name" />
        <Field
          meta={fields.email}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="If you change it, we email a link to the new address: verify it before you next log in."
        />
        <CheckboxField meta={fields.news_opt_in}>Send me news and offers by email</CheckboxField>
        <div className="form-actions">
          <SubmitButton intent="details" pendingText="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </AppForm>
    </section>
  );
}

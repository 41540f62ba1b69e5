import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { CheckboxField, Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { detailsSchema, type DetailsValue } from '~/forms/profile';
import { CsrfField } from '~/components/form/FormGuards';

/** Name, e-mail and news opt-in (intent=details). */
export function DetailsForm({ lastResult, defaultValue }: { lastResult?: SubmissionResult<string[]>; defaultValue: DetailsValue }) {
  const [form, fields] = useForm({
    id: 'profile-details',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(detailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: detailsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const focus = lastResult ? firstInvalid(fields, ['first_name', 'last_name', 'email']) : undefined;
  return (
    <section className="profile-section" aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">Your details</h2>
      <Form method="post" className="card-form" {...getFormProps(form)}>
        <CsrfField />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.first_name} label="First name" autoComplete="given-name" autoFocus={focus === 'first_name'} />
        <Field meta={fields.last_name} label="Last name" autoComplete="family-name" autoFocus={focus === 'last_name'} />
        <Field
          meta={fields.email}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus={focus === 'email'}
          hint="If you change it, we email a link to the new address: verify it before you next log in."
        />
        <CheckboxField meta={fields.news_opt_in}>Send me news and offers by email</CheckboxField>
        <div className="form-actions">
          <SubmitButton intent="details" pendingText="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

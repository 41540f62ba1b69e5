import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { Field, FormErrors, firstInvalid } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { PASSWORD_MIN } from '#contract/auth';
import { passwordSchema } from '~/forms/profile';
import { CsrfField } from '~/components/form/FormGuards';

interface Props {
  lastResult?: SubmissionResult<string[]>;
  /** False while the password is temporary, or for an account that never had one (social). */
  needsCurrent: boolean;
  heading: string;
}

/** A new password (intent=password); the passwords never come back from the server. */
export function PasswordForm({ lastResult, needsCurrent, heading }: Props) {
  const schema = passwordSchema({ needsCurrent });
  const [form, fields] = useForm({
    id: 'profile-password',
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const focus = lastResult ? firstInvalid(fields, ['current_password', 'password', 'password_confirmation']) : undefined;
  return (
    <section className="profile-section" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading">{heading}</h2>
      <Form method="post" className="card-form" {...getFormProps(form)}>
        <CsrfField />
        <FormErrors id={form.errorId} errors={form.errors} />
        {needsCurrent ? (
          <Field meta={fields.current_password} label="Current password" type="password" autoComplete="current-password" autoFocus={focus === 'current_password'} />
        ) : null}
        <Field
          meta={fields.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus={focus === 'password'}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field
          meta={fields.password_confirmation}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          autoFocus={focus === 'password_confirmation'}
        />
        <div className="form-actions">
          <SubmitButton intent="password" pendingText="Saving your password…">
            {needsCurrent ? 'Change password' : 'Set password'}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

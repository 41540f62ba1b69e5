import { Form } from '@remix-run/react';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';

/** The first step of deleting an account (intent=delete-request): the confirmation goes by mail. */
export function DeleteAccountSection({ email }: { email: string }) {
  return (
    <section className="danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete account</h2>
      <p>
        We will email a link to <strong>{email}</strong>; the account is deleted only when you open it and confirm. Your profile, what you follow and your clips
        are removed. Orders stay for accounting, without your personal data.
      </p>
      <Form method="post">
        <CsrfField />
        <SubmitButton intent="delete-request" pendingText="Sending the link…" className="button button--danger">
          Email me a deletion link
        </SubmitButton>
      </Form>
    </section>
  );
}

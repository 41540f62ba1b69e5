import { Form } from '@remix-run/react';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { useI18n } from '~/i18n/use-i18n';

/** The first step of deleting an account (intent=delete-request): the confirmation goes by mail. */
export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useI18n();
  return (
    <section className="danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{t('profile.delete.heading')}</h2>
      <p>
        {t('profile.delete.before')} <strong>{email}</strong>
        {t('profile.delete.after')}
      </p>
      <Form method="post">
        <CsrfField />
        <SubmitButton intent="delete-request" pendingText={t('profile.delete.sending')} className="button button--danger">
          {t('profile.delete.button')}
        </SubmitButton>
      </Form>
    </section>
  );
}

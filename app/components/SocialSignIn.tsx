import { Form } from '@remix-run/react';
import { CsrfField } from '~/components/form/CsrfField';
import { useI18n } from '~/i18n/use-i18n';

/* "Continue with Google": a POST (it starts a flow, so no GET) to /auth/:provider, which
   redirects to the provider. Works without JavaScript; reloadDocument because the answer is a
   redirect to another site. */
export function SocialSignIn({ providers, redirectTo }: { providers: { id: string; name: string }[]; redirectTo?: string }) {
  const { t } = useI18n();
  if (providers.length === 0) return null;
  return (
    <>
      <p className="divider">{t('static.social.or')}</p>
      <div className="social-buttons">
        {providers.map((p) => (
          <Form key={p.id} method="post" action={`/auth/${p.id}`} reloadDocument>
            <CsrfField />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <button type="submit" className="button button--quiet">
              {t('static.social.continue', { provider: p.name })}
            </button>
          </Form>
        ))}
      </div>
    </>
  );
}

import { Link } from '@remix-run/react';
import { formPath } from '~/domain/gates';
import { useI18n } from '~/i18n/use-i18n';

interface FormAnswersProps {
  forms: { alias: string; title: string; answered: boolean; answers: { name: string; label: string; text: string }[] }[];
}

/** The fan's answers to the channel's custom forms on their profile (ADR 053), each form with the
 *  link to answer it, or to change the answers. Nothing when the channel has no form. */
export function FormAnswers({ forms }: FormAnswersProps) {
  const { t } = useI18n();
  if (forms.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-forms">
      <h2 id="profile-forms">{t('profile.answers')}</h2>
      {forms.map((form) => (
        <section key={form.alias} className="profile-summary profile-answers" aria-labelledby={`profile-form-${form.alias}`}>
          <h3 id={`profile-form-${form.alias}`}>{form.title}</h3>
          {form.answered ? (
            <dl>
              {form.answers.map((a) => (
                <div key={a.name}>
                  <dt>{a.label}</dt>
                  <dd>{a.text}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{t('profile.answers.none')}</p>
          )}
          <Link to={`${formPath(form.alias)}?redirectTo=%2Fprofile`} className="button button--quiet">
            {t(form.answered ? 'profile.answers.change' : 'profile.answers.answer', { title: form.title })}
          </Link>
        </section>
      ))}
    </section>
  );
}

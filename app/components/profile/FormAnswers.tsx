import { Link } from '@remix-run/react';
import { formPath } from '~/domain/gates';

interface FormAnswersProps {
  forms: { alias: string; title: string; answered: boolean; answers: { name: string; label: string; text: string }[] }[];
}

/** The fan's answers to the channel's custom forms on their profile (ADR 053), each form with the
 *  link to answer it, or to change the answers. Nothing when the channel has no form. */
export function FormAnswers({ forms }: FormAnswersProps) {
  if (forms.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-forms">
      <h2 id="profile-forms">Your answers</h2>
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
            <p>Not answered yet.</p>
          )}
          <Link to={`${formPath(form.alias)}?redirectTo=%2Fprofile`} className="button button--quiet">
            {form.answered ? `Change your answers to “${form.title}”` : `Answer “${form.title}”`}
          </Link>
        </section>
      ))}
    </section>
  );
}

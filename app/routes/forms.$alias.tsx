import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api, type FormField } from '#contract';
import { FORM_NAME_PATTERN } from '#contract/custom-forms';
import { formatLongDate } from '#contract/dates';
import { requireUser } from '~/auth/sign-in.server';
import { AppForm } from '~/components/form/AppForm';
import { CheckboxField } from '~/components/form/CheckboxField';
import { Field } from '~/components/form/Field';
import { SelectField } from '~/components/form/SelectField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { answerField, answersOf, customFormConstraints, customFormSchema, defaultsOf } from '~/forms/custom-form';
import { useAppForm, type AnyField } from '~/forms/kit';
import { channelErrorReply } from '~/forms/reply.server';
import { returnTo } from '~/http/navigation.server';
import { notFound } from '~/http/not-found.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';
import { redirectTarget } from '~/http/safe-redirect';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import { fanForm } from '~/loaders/custom-forms.server';
import formsCss from '~/styles/forms.css';

/* /forms/{alias}: one of the channel's custom forms (ADR 053), made from its fields, for a
   signed-in fan: answered, or answered again to change the answers. A required form's gate sends
   fans here with the page to come back to (`redirectTo`, kept only when it is ours). */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.form.title ?? 'Questions', 'A few questions from the channel, answered once.');

/** The form of the URL's alias with the fan's answers, else /404. */
async function formOf(args: RouteArgs & { params: { alias?: string } }) {
  const alias = args.params.alias ?? '';
  if (!FORM_NAME_PATTERN.test(alias)) throw notFound();
  const form = await fanForm(requestContext(args).channel, alias);
  if (!form) throw notFound();
  return form;
}

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const form = await formOf(args);
  const { channel, session } = requestContext(args);
  return json({
    form: { alias: form.alias, title: form.title, required: form.required, fields: form.fields },
    answers: defaultsOf(form.answers),
    answeredOn: form.answered_at ? formatLongDate(form.answered_at, await channel.timeZone(), (await i18nOf(args)).locale) : null,
    redirectTo: redirectTarget(new URL(args.request.url).searchParams.get('redirectTo')),
    csrfToken: await session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  const form = await formOf(args);
  const submission = parseWithZod(formData, { schema: customFormSchema(form.fields) });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const { channel, session } = requestContext(args);
  try {
    await channel.asUser(api.answerCustomForm, { alias: form.alias, fields: answersOf(form.fields, submission.value) });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: Object.fromEntries(form.fields.map((f) => [f.name, answerField(f.name)])) });
  }
  return seeOtherWithToast(session, returnTo(submission.value.redirectTo as string | undefined), {
    type: 'success',
    text: 'Thank you: your answers are saved.',
  });
}

export default function CustomFormPage() {
  const { form, answers, answeredOn, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({
    id: `form-${form.alias}`,
    schema: customFormSchema(form.fields),
    fieldsSchema: customFormConstraints(form.fields),
    lastResult,
    defaultValue: answers,
  });
  const fields = kit.fields as unknown as Record<string, AnyField>;
  const { t } = useI18n();
  return (
    <div className="auth-page">
      <h1>{form.title}</h1>
      {answeredOn ? (
        <p>{t('forms.answeredOn', { date: answeredOn })}</p>
      ) : form.required ? (
        <p className="notice">{t('forms.required')}</p>
      ) : (
        <p>{t('forms.optional')}</p>
      )}
      <AppForm kit={kit}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {form.fields.map((field) => (
          <FormFieldInput key={field.name} field={field} meta={fields[answerField(field.name)]} />
        ))}
        <div className="form-actions">
          <SubmitButton pendingText={t('forms.saving')}>{t('forms.save')}</SubmitButton>
        </div>
      </AppForm>
      {form.required ? null : (
        <p>
          <Link to={redirectTo ?? '/profile'}>{t('forms.notNow')}</Link>
        </p>
      )}
    </div>
  );
}

/** One of the channel's fields as the input of its type; a required one says so in its label. */
function FormFieldInput({ field, meta }: { field: FormField; meta: AnyField }) {
  const label = field.required ? `${field.label} (required)` : field.label;
  switch (field.type) {
    case 'select':
      return <SelectField meta={meta} label={label} options={field.options} />;
    case 'checkbox':
      return <CheckboxField meta={meta}>{label}</CheckboxField>;
    case 'date':
      return <Field meta={meta} label={label} type="date" autoComplete="off" hint="As YYYY-MM-DD, for example 2024-09-14." />;
    default:
      return <Field meta={meta} label={label} autoComplete="off" />;
  }
}

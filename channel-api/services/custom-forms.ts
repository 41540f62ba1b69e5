import { checkAnswers, FORM_MSG, type CustomFormView } from '../../contract/custom-forms.ts';
import { SERVER_MSG, type api } from '../../contract/index.ts';
import type { StoredCustomForm } from '../db/schema/channel.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { notFound, refusal } from '../http/errors.ts';
import { answerOf, customFormOf, saveAnswer, type StoredAnswer } from '../repo/custom-forms.ts';

/* The channel's custom forms (spec sections 3, 7; ADR 053): a form by its alias with the signed-in
 * fan's answers, and their answers, checked against its fields (contract/custom-forms.ts). */

function formOf(caller: Pick<Caller, 'channel'>, alias: string): StoredCustomForm {
  const form = customFormOf(caller.channel, alias);
  if (!form) throw notFound(FORM_MSG.notFound);
  return form;
}

const view = (form: StoredCustomForm, answer: StoredAnswer | null): CustomFormView => ({
  alias: form.alias,
  title: form.title,
  required: form.required,
  fields: form.fields,
  answers: answer?.answers ?? null,
  answered_at: answer?.answeredAt.toISOString() ?? null,
});

/** The form, with the fan's answers (none for a visitor). */
export async function customForm(deps: Deps, caller: Caller, alias: string): Promise<CustomFormView> {
  const form = formOf(caller, alias);
  return view(form, caller.user ? await answerOf(deps.db, caller.user.id, form.alias) : null);
}

/** The fan's answers: all checked first, then stored in one statement; refused whole, with a
 *  reason per field, when one fails. */
export async function answerCustomForm(deps: Deps, caller: Caller, params: ParamsOf<typeof api.answerCustomForm>): Promise<CustomFormView> {
  if (!caller.user) throw refusal(401, SERVER_MSG.unauthenticated);
  const fan = caller.user;
  const form = formOf(caller, params.alias);
  const checked = checkAnswers(form.fields, params.fields);
  if (!checked.ok) {
    const [field, reasons] = Object.entries(checked.errors)[0];
    throw refusal(400, `${field}: ${reasons[0]}`, checked.errors);
  }
  return view(form, await saveAnswer(deps.db, fan.id, form.alias, checked.answers, new Date()));
}

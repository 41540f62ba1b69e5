import { z } from 'zod';
import { MSG } from './auth.ts';
import { endpoint, envelope, line, stamp } from './http.ts';

/* The channel's custom forms (spec sections 2, 3, 7, 8): questions a channel asks its signed-in
   fans, each form found by its alias, its answers a list of name/value fields. A form marked
   `required` is the gate's (ADR 053): a fan who has not answered it is sent to it. The checks of
   an answer are here, once, for both sides: the web app's form shows them, the channel API
   refuses what fails them. */

export const FIELD_TYPES = ['text', 'select', 'checkbox', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A form's alias and a field's name: a short word, safe in a path and as a form field's name. */
export const FORM_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
/** The longest text answer. */
export const ANSWER_MAX = 500;
/** The most fields one form holds. */
export const FIELDS_MAX = 30;

export const FORM_MSG = {
  /** Spec section 5, word for word. */
  required: MSG.required,
  /** Spec section 5's pattern: 'Field length must be less than {number}'. */
  tooLong: MSG.shorter(ANSWER_MAX + 1),
  /** Not in the spec: a select's answer that is not one of its options. */
  notAnOption: 'Choose one of the options',
  /** Not in the spec: a date the calendar does not have, or not written YYYY-MM-DD. */
  date: 'Enter a date as YYYY-MM-DD',
  /** Not in the spec: a checkbox's answer is true or false. */
  checkbox: 'must be true or false',
  /** Not in the spec: an answer to a field the form does not have. */
  unknownField: 'This form has no such field',
  /** Not in the spec: the same field answered twice. */
  twice: 'Answer each field once',
  /** Not in the spec: GET or POST of an alias the channel has no form for. */
  notFound: 'There is no such form',
} as const;

export const formName = z.string().regex(FORM_NAME_PATTERN, 'must be a lower-case word of letters, digits, - or _ (at most 40)');

/** One question of a form. `options` only for a select (its choices, in order). */
export const formField = z.object({
  name: formName,
  label: z.string().min(1).max(200),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string().min(1).max(200)).max(100),
});
export type FormField = z.infer<typeof formField>;

/** What a form is, as the channel's settings list it: enough for the gate and the profile. */
export const formSummary = z.object({ alias: formName, title: z.string(), required: z.boolean() });
export type FormSummary = z.infer<typeof formSummary>;

/** One answer: the spec's name/value field. A checkbox's value is true or false, any other a string. */
export const formAnswer = z.object({
  name: line(40),
  value: z.union([line(ANSWER_MAX * 4), z.boolean()], { errorMap: () => ({ message: 'must be text, true or false' }) }),
});
export type FormAnswer = z.infer<typeof formAnswer>;

/** A form with the signed-in fan's answers (null: not answered yet, or a visitor). */
export const customFormView = formSummary.extend({
  fields: z.array(formField),
  answers: z.array(formAnswer).nullable(),
  answered_at: stamp.nullable(),
});
export type CustomFormView = z.infer<typeof customFormView>;

const aliasParam = z.object({ alias: z.string().max(100) });

/** Spec: GET /custom-forms/{alias}; a 404 when the channel has no such form (the web app reads it
 *  as "no form", section 8). */
export const customForm = endpoint({
  name: 'customForm',
  method: 'GET',
  path: '/custom-forms/:alias',
  auth: 'apiKey',
  params: aliasParam.strict(),
  response: envelope(customFormView),
});

/** Spec: POST /custom-forms/{alias}: the signed-in fan's answers, all of them at once (a second
 *  answer replaces the first). Refused whole, with a reason per field, when one fails its check. */
export const answerCustomForm = endpoint({
  name: 'answerCustomForm',
  method: 'POST',
  path: '/custom-forms/:alias',
  auth: 'apiKey',
  params: aliasParam.extend({ fields: z.array(formAnswer).max(FIELDS_MAX * 2) }).strict(),
  response: envelope(customFormView),
});

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The reason one field's answer fails its check, or null. `value` undefined: not answered. */
export function answerProblem(field: FormField, value: string | boolean | undefined): string | null {
  if (field.type === 'checkbox') {
    if (value !== undefined && typeof value !== 'boolean') return FORM_MSG.checkbox;
    return field.required && value !== true ? FORM_MSG.required : null;
  }
  if (typeof value === 'boolean') return FORM_MSG.required;
  const text = (value ?? '').trim();
  if (text === '') return field.required ? FORM_MSG.required : null;
  if (field.type === 'select') return field.options.includes(text) ? null : FORM_MSG.notAnOption;
  if (field.type === 'date') return isIsoDay(text) ? null : FORM_MSG.date;
  return text.length > ANSWER_MAX ? FORM_MSG.tooLong : null;
}

export type AnswerCheck = { ok: true; answers: FormAnswer[] } | { ok: false; errors: Record<string, string[]> };

/** Checks a fan's answers against the form's fields: every field's own check, no unknown field,
 *  each at most once. What passes is stored as given (text trimmed), in the form's field order,
 *  without the fields left empty (a checkbox is always kept: false says "not ticked"). */
export function checkAnswers(fields: readonly FormField[], given: readonly FormAnswer[]): AnswerCheck {
  // No prototype: an answer named `__proto__` or `constructor` is just a name here.
  const errors: Record<string, string[]> = Object.create(null);
  const byName = new Map<string, string | boolean>();
  for (const answer of given) {
    if (!fields.some((f) => f.name === answer.name)) errors[answer.name] = [FORM_MSG.unknownField];
    else if (byName.has(answer.name)) errors[answer.name] = [FORM_MSG.twice];
    else byName.set(answer.name, answer.value);
  }
  const answers: FormAnswer[] = [];
  for (const field of fields) {
    if (errors[field.name]) continue;
    const value = byName.get(field.name);
    const problem = answerProblem(field, value);
    if (problem) errors[field.name] = [problem];
    else if (field.type === 'checkbox') answers.push({ name: field.name, value: value === true });
    else if (typeof value === 'string' && value.trim() !== '') answers.push({ name: field.name, value: value.trim() });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** An answer as a fan reads it on their profile: a checkbox's Yes or No, else the text. */
export const answerText = (value: string | boolean) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value);

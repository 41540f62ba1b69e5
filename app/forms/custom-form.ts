import { z } from 'zod';
import { ANSWER_MAX, answerProblem, type FormAnswer, type FormField } from '#contract/custom-forms';

/* A channel's custom form (ADR 053), its fields the channel's own: the schema is made from them,
   and each field is checked by the contract's one rule (`answerProblem`), the channel API's own,
   so the form says what the channel would. A field's name in the page is `answer-<its name>`:
   never one of the form's own fields (the CSRF token, the honeypot, `redirectTo`). */

export const answerField = (name: string) => `answer-${name}`;

/** The schema of a form with these fields, with the page to come back to. */
export function customFormSchema(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodTypeAny> = {};
  // An unticked checkbox sends nothing, and an empty field nothing either (conform): "no answer".
  for (const field of fields) shape[answerField(field.name)] = field.type === 'checkbox' ? z.boolean().optional() : z.string().optional();
  return z.object({ ...shape, redirectTo: z.string().optional() }).superRefine((value: Record<string, unknown>, ctx) => {
    for (const field of fields) {
      const problem = answerProblem(field, value[answerField(field.name)] as string | boolean | undefined);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [answerField(field.name)], message: problem });
    }
  });
}

/** The fields' HTML constraints (required, maxlength), for the kit's `fieldsSchema`: a browser
 *  without JavaScript asks for what is required before it posts. */
export function customFormConstraints(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of fields) {
    const type = field.type === 'checkbox' ? z.boolean() : field.type === 'text' ? z.string().max(ANSWER_MAX) : z.string();
    shape[answerField(field.name)] = field.required ? type : type.optional();
  }
  return z.object(shape);
}

/** The answers the channel takes (its name/value fields) from a valid submission: every field the
 *  fan filled in, and every checkbox (unticked: false). */
export function answersOf(fields: readonly FormField[], value: Record<string, unknown>): FormAnswer[] {
  return fields.flatMap((field): FormAnswer[] => {
    const given = value[answerField(field.name)];
    if (field.type === 'checkbox') return [{ name: field.name, value: given === true }];
    return typeof given === 'string' && given.trim() !== '' ? [{ name: field.name, value: given.trim() }] : [];
  });
}

/** The form's fields filled in with the fan's answers (to change them). */
export function defaultsOf(answers: readonly FormAnswer[] | null): Record<string, string | boolean> {
  return Object.fromEntries((answers ?? []).map((a) => [answerField(a.name), a.value]));
}

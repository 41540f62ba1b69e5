import { z } from 'zod';
import { FIELDS_MAX, formField, formName } from '../../contract/custom-forms.ts';

/* The description's `custom_forms` (ADR 053): the questions a channel asks its signed-in fans, each
 * a form found by its alias. A form with `"required": true` turns the gate on: a fan who has not
 * answered it is sent to it. Stored as they are in the channel's settings (seed/load.ts). */

const field = formField
  .extend({ required: z.boolean().default(false), options: z.array(z.string().trim().min(1).max(200)).max(100).default([]) })
  .superRefine((f, ctx) => {
    if (f.type === 'select' && f.options.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message: 'a select needs its options' });
    if (f.type !== 'select' && f.options.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message: 'only a select has options' });
    if (new Set(f.options).size !== f.options.length) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message: 'name each option once' });
  });

const form = z
  .object({
    alias: formName,
    title: z.string().trim().min(1).max(200),
    required: z.boolean().default(false),
    fields: z.array(field).min(1).max(FIELDS_MAX),
  })
  .strict()
  .refine((f) => new Set(f.fields.map((x) => x.name)).size === f.fields.length, { message: 'name each field once', path: ['fields'] });

export const customFormsSpec = z
  .array(form)
  .max(20)
  .default([])
  .refine((list) => new Set(list.map((f) => f.alias)).size === list.length, 'give each form its own alias');

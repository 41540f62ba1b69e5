import { useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { createContext, useContext } from 'react';
import type { z, ZodTypeAny } from 'zod';

/* The form kit's hooks: every form of the app is `useAppForm` + `<AppForm>` + fields, whose
   components are in app/components/form/ (AppForm, Field, CheckboxField, SubmitButton…).
   - useAppForm wires conform to a zod schema and the action's `lastResult`: the server's answer
     shows without JavaScript, and with JavaScript the fields validate on blur, then as the fan types.
   - After a refused post the first invalid field takes the focus (an `autofocus` the server
     renders, so without JavaScript too): AppForm provides its name, each field asks
     `useIsFirstInvalid` (order is the schema's). */

/** Any field's metadata: schemas that trim or coerce their input type it as unknown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

interface AppFormOptions<Schema extends ZodTypeAny> {
  id: string;
  schema: Schema;
  /** The plain fields, when `schema` joins them with cross-field rules (`.and`): their HTML
   *  constraints (required, maxlength…) come from here. */
  fieldsSchema?: ZodTypeAny;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
}

export function useAppForm<Schema extends ZodTypeAny>({ id, schema, fieldsSchema, lastResult, defaultValue }: AppFormOptions<Schema>) {
  const constraint = getZodConstraint(fieldsSchema ?? schema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const byName = fields as unknown as Record<string, { errors?: string[] } | undefined>;
  const firstInvalid = Object.keys(constraint).find((name) => byName[name]?.errors?.length);
  return { form, fields, firstInvalid };
}

/** The name of the first invalid field of the form around (AppForm provides it). */
export const FirstInvalid = createContext<string | undefined>(undefined);

/** Whether this field is the first invalid one of its form: it takes the focus after a refused
 *  post, without JavaScript too (Field, CheckboxField, and fields a form renders itself: GiftFields,
 *  PayWith, /select-package's). */
export function useIsFirstInvalid(name: string): boolean {
  return useContext(FirstInvalid) === name;
}

import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { z, ZodTypeAny } from 'zod';
import { FirstInvalid } from '~/forms/kit';
import { FormErrors } from './Field';
import { CsrfField, HoneypotField } from './FormGuards';

/* The form kit: every form of the app is `useAppForm` + `<AppForm>` + fields (Field.tsx).
   - useAppForm wires conform to a zod schema and the action's `lastResult`: the server's answer
     shows without JavaScript, and with JavaScript the fields validate on blur, then as the fan types.
   - AppForm posts to the route's action and renders what every form carries: the CSRF field, the
     honeypot of public forms, the form-level message, and — after a refused post — autofocus on
     the first invalid field (fields read it through context; order is the schema's). */

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface AppFormProps<Shape extends Record<string, any>> {
  kit: { form: FormMetadata<Shape, string[]>; firstInvalid?: string };
  /** Public forms (sign-in, registration…) carry the honeypot; a signed-in fan's do not. */
  honeypot?: boolean;
  className?: string;
  children: ReactNode;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function AppForm<Shape extends Record<string, any>>({ kit, honeypot = false, className = 'card-form', children }: AppFormProps<Shape>) {
  const { form } = kit;
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      <CsrfField />
      {honeypot ? <HoneypotField /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <FirstInvalid.Provider value={kit.firstInvalid}>{children}</FirstInvalid.Provider>
    </Form>
  );
}

import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FirstInvalid } from '~/forms/kit';
import { CsrfField } from './CsrfField';
import { FormErrors } from './FormErrors';
import { HoneypotField } from './HoneypotField';

/* The form every form of the app renders, with the kit of `useAppForm` (app/forms/kit.ts): it
   posts to the route's action and renders what every form carries: the CSRF field, the honeypot
   of public forms, the form-level message, and — after a refused post — autofocus on the first
   invalid field (fields read it through context; order is the schema's). */

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

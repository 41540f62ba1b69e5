import { createContext, useContext } from 'react';

/* The form kit's hooks (its components: app/components/form/). After a refused post the first
   invalid field takes the focus: an `autofocus` the server renders, so without JavaScript too.
   AppForm provides the field's name, each field asks `useIsFirstInvalid`. */

/** The name of the first invalid field of the form around (AppForm provides it). */
export const FirstInvalid = createContext<string | undefined>(undefined);

/** Whether this field is the first invalid one of its form: it takes the focus after a refused
 *  post, without JavaScript too (Field and CheckboxField use it). */
export function useIsFirstInvalid(name: string): boolean {
  return useContext(FirstInvalid) === name;
}

import { z } from 'zod';
import { emailField, MSG, nameField, passwordField } from '#contract/auth';
import { confirmationField, passwordsMatch } from '~/forms/password-reset';

/* /registration. Terms must be accepted, the news opt-in is optional (spec section 5). A checkbox
   sends 'on' when ticked and nothing otherwise; conform turns that into true / undefined. */

const termsField = z.boolean({ required_error: MSG.terms, invalid_type_error: MSG.terms }).refine((accepted) => accepted, MSG.terms);
const newsOptInField = z.boolean().optional();

/** The fields alone: what the inputs' HTML constraints (required, minlength…) come from. */
export const registrationFields = z.object({
  first_name: nameField(MSG.firstName),
  last_name: nameField(MSG.lastName),
  email: emailField,
  password: passwordField,
  password_confirmation: confirmationField,
  terms: termsField,
  news_opt_in: newsOptInField,
});

export const registrationSchema = registrationFields.and(passwordsMatch);

/** The pending social sign-in's form: the provider already vouched for the address. */
export const socialRegistrationSchema = z.object({ terms: termsField, news_opt_in: newsOptInField });

import { z } from 'zod';
import { endpoint, envelope, noControl, noParams } from './http.ts';

/* Accounts (spec section 7, Auth). Field rules carry the spec's section-5 messages, so the channel
   API's 400 answers read like the web app's own form errors. */

/** Minimum password length ('The password is too short'). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

/** Spec section 5: the login name passes an e-mail pattern or a numeric e-mail pattern
 *  (a student or member number at a domain: 20231234@lakeshore.edu). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const NUMERIC_EMAIL_PATTERN = /^\d{1,32}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
/** Spec section 5: a separate phone pattern of 10-14 digits. */
export const PHONE_PATTERN = /^\d{10,14}$/;

export const isLoginName = (value: string) => EMAIL_PATTERN.test(value) || NUMERIC_EMAIL_PATTERN.test(value);

/** Spec messages (section 5), word for word. */
export const MSG = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  email: 'Enter your Email',
  emailInvalid: 'A valid email address is required',
  passwordShort: 'The password is too short',
  passwordMismatch: 'The password and password confirmation do not match',
  required: 'Field is required',
  longer: (n: number) => `Field length must be greater than ${n}`,
  shorter: (n: number) => `Field length must be less than ${n}`,
  terms: 'Please accept terms & conditions',
} as const;

/** Spec server messages (section 8), word for word. The channel API answers with these. */
export const SERVER_MSG = {
  emailTaken: 'The email address you have entered is already registered.',
  wrongAuth: 'Wrong auth data',
  alreadyLoggedIn: 'You are already logged in',
  verificationFailed: 'Verification failed.',
  alreadyVerified: 'Email already verified.',
  userNotFound: 'User not found.',
  resetExpired: 'Reset password key expired.',
  resetFailed: 'Reset password failed.',
  recaptchaRequired: 'Google recaptcha token required',
  recaptchaInvalid: 'Google recaptcha token is invalid or you look like a robot',
  /** Not in the spec: a 401 body (the spec names the status only). */
  unauthenticated: 'Unauthenticated.',
  /** Not in the spec: login before the address is verified (a new link is mailed). */
  notVerified: 'Please verify your email address first. We have sent you a new link.',
  /** Not in the spec: social sign-in of an address with no account yet and no terms accepted. */
  notRegistered: 'You are not registered yet.',
  /** Not in the spec: a 429 from sign-in limits (ADR 028); Retry-After says for how long. */
  signInThrottled: 'Too many sign-in attempts. Please wait before you try again.',
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
export const emailField = z.preprocess(
  trimmed,
  z.string({ required_error: MSG.email }).min(1, MSG.email).max(254, MSG.shorter(255)).refine(isLoginName, MSG.emailInvalid),
);
export const passwordField = z
  .string({ required_error: MSG.passwordShort })
  .min(PASSWORD_MIN, MSG.passwordShort)
  .max(PASSWORD_MAX, MSG.shorter(PASSWORD_MAX + 1));
export const nameField = (message: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ required_error: message })
      .min(1, message)
      .max(NAME_MAX, MSG.shorter(NAME_MAX + 1))
      .refine(...noControl),
  );
/** One-time tokens from mailed links, and codes for auth/add_session. */
/** The token of a mailed link (verify the address, reset the password, confirm a deletion). */
export const mailedToken = z
  .string({ required_error: MSG.required })
  .min(16, MSG.required)
  .max(200, MSG.shorter(201))
  .refine(...noControl);
const recaptchaToken = z
  .string()
  .max(4000)
  .refine(...noControl)
  .optional();

/** What a fan may do (spec section 3), lowercase: a product grants some (ADR 038), an account may
 *  hold some of its own. */
export const capability = z.enum(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access']);
export type Capability = z.infer<typeof capability>;

/** Who an account is to the channel. */
export const userRole = z.enum(['fan', 'operator']);
export type UserRole = z.infer<typeof userRole>;

/** The user as the channel describes it (spec section 3). */
export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  trial_period_used: z.boolean(),
  temporary_password: z.boolean(),
  is_geo_blocked: z.boolean(),
  /** Lowercased capability names. */
  capabilities: z.array(z.string()),
  featureCount: z.object({ clips: z.number().int().nonnegative(), downloads: z.number().int().nonnegative() }),
  news_opt_in: z.boolean(),
  email_verified: z.boolean(),
  /** False for an account made by social sign-in that never set a password. */
  has_password: z.boolean(),
  /** An operator reads the channel's report (/operator/report); everyone else is a fan. */
  role: userRole,
});
export type User = z.infer<typeof user>;

/** A signed-in session: a new api key bound to the user (the old visitor key stays anonymous). */
export const authSession = z.object({ api_key: z.string(), expires_at: z.string(), user });
export type AuthSession = z.infer<typeof authSession>;

export const message = z.object({ message: z.string() });

/** Who a fan is, as they type it: required when registering, each optional on the profile. */
export const personFields = z.object({ first_name: nameField(MSG.firstName), last_name: nameField(MSG.lastName), email: emailField });

/** A new password is typed twice: the confirmation must match (the spec's message, on the confirmation). */
export const passwordsMatch = (p: { password?: string; password_confirmation?: string }) => p.password === undefined || p.password === p.password_confirmation;
export const PASSWORDS_MATCH = { message: MSG.passwordMismatch, path: ['password_confirmation'] };

export const login = endpoint({
  name: 'login',
  method: 'POST',
  path: '/v2/auth/login',
  auth: 'apiKey',
  params: z
    .object({ email: emailField, password: z.string({ required_error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX), recaptcha_token: recaptchaToken })
    .strict(),
  response: envelope(authSession),
});

/** Ends the user's session: the api key it was called with stops working. */
export const logout = endpoint({ name: 'logout', method: 'POST', path: '/auth/logout', auth: 'apiKey', params: noParams, response: envelope(message) });

export const register = endpoint({
  name: 'register',
  method: 'POST',
  path: '/v2/auth/register',
  auth: 'apiKey',
  params: personFields
    .extend({
      password: passwordField,
      password_confirmation: z.string({ required_error: MSG.passwordMismatch }).max(PASSWORD_MAX, MSG.passwordMismatch),
      terms: z.literal(true, { errorMap: () => ({ message: MSG.terms }) }),
      news_opt_in: z.boolean().default(false),
      recaptcha_token: recaptchaToken,
    })
    .strict()
    .refine(passwordsMatch, PASSWORDS_MATCH),
  /** Registration mails a verification link; it does not sign in. */
  response: envelope(z.object({ message: z.string(), email: z.string() })),
});

export const socialProvider = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof socialProvider>;

const providerToken = z
  .string()
  .min(1, MSG.required)
  .max(8000)
  .refine(...noControl);

/** Which token each provider's sign-in hands over: Google's OpenID ID token, Facebook's user
 *  access token from its own OAuth flow (ADR 056). */
export const SOCIAL_TOKEN_FIELD = { google: 'id_token', facebook: 'access_token' } as const satisfies Record<SocialProvider, string>;

/** What a provider's sign-in hands the channel (SOCIAL_TOKEN_FIELD). */
export const socialCredential = z.union([z.object({ id_token: z.string().min(1) }).strict(), z.object({ access_token: z.string().min(1) }).strict()]);
export type SocialCredential = z.infer<typeof socialCredential>;

/** The channel verifies the provider's token: an ID token's issuer, audience, signature and expiry;
 *  an access token against the Graph API with the app's proof. An address with no account answers
 *  422 with errors.terms unless `terms` is true. */
export const social = endpoint({
  name: 'social',
  method: 'POST',
  path: '/v2/auth/social/:provider',
  auth: 'apiKey',
  params: z
    .object({
      provider: socialProvider,
      id_token: providerToken.optional(),
      access_token: providerToken.optional(),
      terms: z.boolean().optional(),
      news_opt_in: z.boolean().optional(),
    })
    .strict()
    .superRefine((p, ctx) => {
      const wanted = SOCIAL_TOKEN_FIELD[p.provider];
      for (const field of ['id_token', 'access_token'] as const) {
        if (field === wanted && p[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: MSG.required });
        if (field !== wanted && p[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `Sign-in with ${p.provider} sends ${wanted}.` });
      }
    }),
  response: envelope(authSession),
});

/** Marks the address verified; answers a one-time code that auth/add_session turns into a session. */
export const emailVerify = endpoint({
  name: 'emailVerify',
  method: 'POST',
  path: '/auth/email-verify',
  auth: 'apiKey',
  params: z.object({ token: mailedToken }).strict(),
  response: envelope(z.object({ message: z.string(), code: z.string() })),
});

export const passwordResetRequest = endpoint({
  name: 'passwordResetRequest',
  method: 'POST',
  path: '/auth/password-reset-request',
  auth: 'apiKey',
  params: z.object({ email: emailField, recaptcha_token: recaptchaToken }).strict(),
  response: envelope(message),
});

export const passwordReset = endpoint({
  name: 'passwordReset',
  method: 'POST',
  path: '/auth/password-reset',
  auth: 'apiKey',
  params: z
    .object({
      token: mailedToken,
      password: passwordField,
      password_confirmation: z.string({ required_error: MSG.passwordMismatch }).max(PASSWORD_MAX, MSG.passwordMismatch),
    })
    .strict()
    .refine((p) => p.password === p.password_confirmation, { message: MSG.passwordMismatch, path: ['password_confirmation'] }),
  response: envelope(message),
});

/** Exchanges a one-time code (from auth/email-verify) for a signed-in session. */
export const addSession = endpoint({
  name: 'addSession',
  method: 'POST',
  path: '/auth/add_session',
  auth: 'apiKey',
  params: z.object({ code: mailedToken }).strict(),
  response: envelope(authSession),
});

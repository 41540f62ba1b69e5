import { AUTH_PAGES, pageOf, pathIn } from './navigation';

/* The channel's two gates (spec sections 2 and 6, ADR 053), for a signed-in fan's page (a GET),
   when the channel turns them on:
   - the custom-form gate: a fan who has not answered a required custom form is sent to it, and
     comes back to the page they were on once they have;
   - the basic-pass gate (`settings.basic_pass`): a fan who holds no pass is sent to /packages.
   The form's gate comes first: a fan sent to the form is not sent on to /packages from it. Each
   gate's own target is open under both, so no fan is ever sent round in a loop. The root loader
   asks only what the page's gates need (`gatesAt`), then `gateDetour` decides. */

/** Where a custom form is answered. */
export const formPath = (alias: string) => `/forms/${alias}`;

/** Pages the custom-form gate leaves open (the README lists them): signing in and the account's
 *  pages, the legal pages, the forms themselves, buying (packages, buy, select-package, orders),
 *  and what is not a page (media, the health check). */
export const FORM_GATE_OPEN: readonly string[] = [
  ...AUTH_PAGES,
  '/auth/',
  '/profile',
  '/profile/',
  '/privacy_policy',
  '/terms_conditions',
  '/accessibility',
  '/forms/',
  '/packages',
  '/buy',
  '/select-package/',
  '/orders/',
  '/media/',
  '/healthz',
];

/** Pages the basic-pass gate leaves open: the spec's privacy, terms, packages, buy and
 *  select-package, and what it takes to get a pass and keep the account working: an order's page
 *  (where a purchase ends), a gift's, the custom forms (their gate comes first), the mailed links
 *  (verifying an address, confirming a deletion) and logging out. */
export const BASIC_PASS_GATE_OPEN: readonly string[] = [
  '/privacy_policy',
  '/terms_conditions',
  '/packages',
  '/buy',
  '/select-package/',
  '/orders/',
  '/gift/',
  '/forms/',
  '/verify-email',
  '/confirm-account-deletion',
  '/logout',
];

/** What the channel turns on: its required forms' aliases, and the basic-pass option. */
export interface GateSettings {
  requiredForms: readonly string[];
  basicPass: boolean;
}

/** The gates of the channel's settings (contract `settings`). */
export const gateSettingsOf = (settings: { basic_pass: boolean; custom_forms: readonly { alias: string; required: boolean }[] }): GateSettings => ({
  requiredForms: settings.custom_forms.filter((f) => f.required).map((f) => f.alias),
  basicPass: settings.basic_pass,
});

/** What must be looked up about the fan for this page: the required forms to check and whether
 *  to check their pass. Nothing on an open page, or when the channel turns nothing on. */
export function gatesAt(pathname: string, settings: GateSettings): { forms: readonly string[]; basicPass: boolean } {
  return {
    forms: pathIn(pathname, FORM_GATE_OPEN) ? [] : settings.requiredForms,
    basicPass: settings.basicPass && !pathIn(pathname, BASIC_PASS_GATE_OPEN),
  };
}

/** What was found about the fan: the required forms they have not answered (in the channel's
 *  order), and whether they hold a pass. */
export interface FanGateState {
  unansweredForms: readonly string[];
  hasBasicPass: boolean;
}

/** Where a signed-in fan's GET of `url` must go instead, or null to stay. The form's address
 *  carries the page to come back to (not home: there is nothing to come back to). */
export function gateDetour(url: URL, settings: GateSettings, fan: FanGateState): string | null {
  const due = gatesAt(url.pathname, settings);
  const form = due.forms.find((alias) => fan.unansweredForms.includes(alias));
  if (form) {
    const back = pageOf(url);
    return back === '/' ? formPath(form) : `${formPath(form)}?${new URLSearchParams({ redirectTo: back })}`;
  }
  if (due.basicPass && !fan.hasBasicPass) return '/packages';
  return null;
}

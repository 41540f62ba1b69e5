/* Several forms on one page are told apart by the `intent` of the button that sent them
   (CONVENTIONS "A form" 4). The one way to read it: one of the route's own intents, else null
   (a forged or missing intent is nobody's form: the action answers 400). Browser-safe, for
   shouldRevalidate too. */

export function intentOf<T extends string>(formData: FormData | null | undefined, allowed: readonly T[]): T | null {
  const value = formData?.get('intent');
  return allowed.find((intent) => intent === value) ?? null;
}

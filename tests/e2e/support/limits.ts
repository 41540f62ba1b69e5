/* The channel API's sign-in limits in the e2e run (playwright.config.ts passes them to it): small,
   so a test reaches them in a few tries; a short window, so reruns on one database start clean. */
export const SIGN_IN_LIMITS = { windowSeconds: 60, accountFailures: 3 };

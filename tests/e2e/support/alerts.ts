/* The channel API's reminder lead in the e2e run (playwright.config.ts passes it on): long enough
   that the demo's first upcoming game (2 hours after the run's seed: channel-api/seed/demo/events.ts)
   is already due its reminder, so the mail comes at once when a fan turns it on (alerts.spec.ts). */
export const ALERT_LEAD_MINUTES = 180;

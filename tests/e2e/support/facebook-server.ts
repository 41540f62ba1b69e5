/* e2e only: the local stand-in for Facebook's login dialog and Graph API (playwright.config.ts). */
import { FACEBOOK_APP } from './facebook.ts';
import { startFacebookStandIn } from '../../support/facebook-stand-in.ts';

const port = Number(process.env.FACEBOOK_PORT ?? 4410);
const standIn = await startFacebookStandIn({ port, app: FACEBOOK_APP });
console.log(`[facebook] stand-in at ${standIn.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void standIn.close().finally(() => process.exit(0)));
}

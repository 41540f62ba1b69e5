/* e2e only: the local OpenID Connect provider that stands in for Google (playwright.config.ts). */
import { OIDC_CLIENT } from './oidc.ts';
import { startOidcProvider } from '../../support/oidc-provider.ts';

const port = Number(process.env.OIDC_PORT ?? 4400);
const provider = await startOidcProvider({ port, client: OIDC_CLIENT });
console.log(`[oidc] OpenID provider at ${provider.issuer}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void provider.close().finally(() => process.exit(0)));
}

import type http from 'node:http';
import type { TrustProxy } from './guards.ts';
import { asCountryCode } from '../contract/regions.ts';

/* A proxy's word on the visitor's country (ADR 054): Cloudflare's CF-IPCountry, or the header
   REGION_HEADER names (CloudFront-Viewer-Country…), believed only from a peer TRUST_PROXY names —
   from anyone else it is whatever the browser typed. server.ts hands it on to the channel
   (CLIENT_COUNTRY_HEADER), which decides the country with it (channel-api/geo/country.ts). */

/** The country the trusted proxy in front of us says the visitor is in, or null. */
export function trustedCountryOf(req: Pick<http.IncomingMessage, 'headers' | 'socket'>, trusts: TrustProxy, header: string): string | null {
  if (!trusts(req.socket.remoteAddress ?? '', 0)) return null;
  const value = req.headers[header];
  return asCountryCode(Array.isArray(value) ? value[0] : value);
}

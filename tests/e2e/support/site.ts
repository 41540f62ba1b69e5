/* Which Fieldhouse site a spec's helpers talk to: the e2e run's (playwright.config.ts), or a second
   site a spec starts for itself with other channel settings (second-site.ts). The helpers that
   make fans, read the channel or buy take one as their last argument, the e2e site by default. */
import path from 'node:path';
import { CHANNEL_API_URL, WEB_URL } from './urls.ts';

export interface Site {
  /** The web server's origin. */
  url: string;
  /** The channel API behind it. */
  channelApiUrl: string;
  /** Where that channel API writes its mail. */
  outbox: string;
}

/** The e2e run's site: its channel API writes mail to its DATA_DIR (playwright.config.ts) + /outbox. */
export const E2E_SITE: Site = { url: WEB_URL, channelApiUrl: CHANNEL_API_URL, outbox: path.resolve('.cache/e2e-data/outbox') };

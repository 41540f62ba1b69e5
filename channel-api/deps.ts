import type { z } from 'zod';
import type { Viewer } from './access.ts';
import type { Endpoint, Geo } from '../contract/index.ts';
import type { RecaptchaConfig } from './auth/recaptcha.ts';
import type { SocialConfig } from './auth/social.ts';
import type { Db } from './db/client.ts';
import type { Regions } from './geo/regions.ts';
import type { Mailer } from './mail/index.ts';
import type { PrerollMoments } from './media/preroll-moments.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { JobQueue } from './queue/job-queue.ts';
import type { ChannelRow } from './repo/channels.ts';
import type { UserRow } from './repo/users.ts';
import type { CatalogueAnswers } from './services/catalogue-answers.ts';
import type { MediaAccess } from './services/media-access.ts';
import type { PrerollCatalogue } from './services/prerolls.ts';
import type { SignInLimits } from './services/sign-in-limits.ts';
import type { Signing } from './signing.ts';
import type { Locale } from '../contract/locale.ts';

/* What services are given, with no HTTP in it: the server's dependencies (`Deps`, built once
 * in server.ts) and who is calling (`Caller`, built per request by http/route.ts). Layers:
 * routes → services → repositories → db (docs/decisions/011-channel-api-layers.md). */

export interface Deps {
  db: Db;
  /** Where the server keeps its files: the media, the clips (`clips/<uuid>/`), the outbox. */
  dataDir: string;
  /** Lifetime of a visitor's api key. */
  apiKeyTtlSeconds: number;
  /** Lifetime of a signed-in user's api key. */
  userSessionTtlSeconds: number;
  /** A gift's buyer may mail it again once this long has passed since its last mail. */
  giftResendSeconds: number;
  /** The web app's origin, for links in mail. */
  publicUrl: string;
  mailer: Mailer;
  /** Null: reCAPTCHA is not checked. */
  recaptcha: RecaptchaConfig | null;
  social: SocialConfig;
  /** Who takes the money: the sandbox (default) or Stripe (payments/provider.ts). */
  payments: PaymentProvider;
  /** The server's own keys: signed links, media grants, keyed hashes (signing.ts). */
  signing: Signing;
  /** The viewer's country, per request (geo/regions.ts, ADR 054). */
  regions: Regions;
  /** Who gets which media files: playback with grants, and the check in front of /media (ADR 026). */
  media: MediaAccess;
  /** The project's one durable job queue: send jobs (in a transaction too) and work them (ADR 032). */
  jobs: JobQueue;
  /** How long before a game its reminder mail goes (env ALERT_LEAD_MINUTES). */
  alertLeadMinutes: number;
  /** Failed sign-ins allowed per account and per address (services/sign-in-limits.ts). */
  signInLimits: SignInLimits;
  /** The channel's pre-rolls, read at most once an hour (services/prerolls.ts). */
  prerolls: PrerollCatalogue;
  /** Where a pre-roll's impressions, completions, skips and clicks are reported (media/preroll-moments.ts). */
  prerollMoments: PrerollMoments;
  /** The public game lists' answers, kept per catalogue version and second (services/catalogue-answers.ts). */
  catalogueAnswers: CatalogueAnswers;
  log(message: string): void;
}

export interface Caller {
  /** The caller's channel: from the api key, or the default channel on public calls. */
  channel: ChannelRow;
  /** The signed-in user of the api key; null for a visitor's key or a public call without one. */
  user: UserRow | null;
  /** The api key the call came with, once it is known to be valid. */
  apiKey: string | null;
  viewer: Viewer;
  /** The fan's address (X-Forwarded-For from our own web server), for geo rules and reCAPTCHA. */
  ip: string;
  /** The fan's language, as the web app names it (Accept-Language), when the channel has
   *  multilanguage on; else English. The mails this call sends are in it (ADR 055). */
  locale?: Locale;
  /** The fan's region: their country (geo/regions.ts decides it, once per call) and whether the
   *  channel blocks it; a game's blackout is contract/regions.ts `blockedIn`. */
  geo: Geo;
}

/** What a service is given for one contract endpoint: its params, parsed by the contract's zod schema. */
export type ParamsOf<E extends Endpoint> = z.output<E['params']>;

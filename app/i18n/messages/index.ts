import { mergeCatalogues, type Catalogue } from '#contract/i18n';
import { accessibility } from './accessibility';
import { account } from './account';
import { alerts } from './alerts';
import { clips } from './clips';
import { commerce } from './commerce';
import { errors } from './errors';
import { follow } from './follow';
import { forms } from './forms';
import { layout } from './layout';
import { lists } from './lists';
import { meta } from './meta';
import { multiview } from './multiview';
import { profile } from './profile';
import { staticPages } from './static';
import { watch } from './watch';

/* Every area's catalogue of the web app (issue 36, ADR 055). An area is one file here,
   `<area>.ts`, ids prefixed by the area; add it to the list below and to the type. The mails'
   catalogue is the channel API's (channel-api/mail/messages.ts). */

type Ids<C> = C extends Catalogue<infer Id> ? Id : never;

/** Every id of the web app's messages: `t()` takes only these, so a typo does not compile. */
export type MessageId =
  | Ids<typeof layout>
  | Ids<typeof meta>
  | Ids<typeof lists>
  | Ids<typeof watch>
  | Ids<typeof account>
  | Ids<typeof commerce>
  | Ids<typeof profile>
  | Ids<typeof follow>
  | Ids<typeof clips>
  | Ids<typeof multiview>
  | Ids<typeof staticPages>
  | Ids<typeof errors>
  | Ids<typeof forms>
  | Ids<typeof accessibility>
  | Ids<typeof alerts>;

export const messages: Catalogue<MessageId> = mergeCatalogues(
  layout,
  meta,
  lists,
  watch,
  account,
  commerce,
  profile,
  follow,
  clips,
  multiview,
  staticPages,
  errors,
  forms,
  accessibility,
  alerts,
) as Catalogue<MessageId>;

/** The areas by name, for the completeness test. */
export const areas = {
  layout,
  meta,
  lists,
  watch,
  account,
  commerce,
  profile,
  follow,
  clips,
  multiview,
  static: staticPages,
  errors,
  forms,
  accessibility,
  alerts,
} as const;

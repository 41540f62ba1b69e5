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
import { report } from './report';
import { staticPages } from './static';
import { watch } from './watch';

/* Every area's catalogue of the web app (issue 36, ADR 055). An area is one file here,
   `<area>.ts`, ids prefixed by the area; add it to `areas` below. The mails'
   catalogue is the channel API's (channel-api/mail/messages.ts). */

type Ids<C> = C extends Catalogue<infer Id> ? Id : never;

/** The areas by name (merged in this order; the completeness test reads them one by one). */
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
  report,
} as const;

/** Every id of the web app's messages: `t()` takes only these, so a typo does not compile. */
export type MessageId = { [Area in keyof typeof areas]: Ids<(typeof areas)[Area]> }[keyof typeof areas];

export const messages: Catalogue<MessageId> = mergeCatalogues(...Object.values(areas)) as Catalogue<MessageId>;

/** What a fan's browser is sent (the catalogue script): every area but the operator's report,
 *  which only an operator's pages show. */
export const fanMessages: Catalogue = mergeCatalogues(...Object.entries(areas).flatMap(([name, area]) => (name === 'report' ? [] : [area])));

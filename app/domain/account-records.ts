/* How the profile tabs word the channel's records (their dates: dates.ts; their amounts: contract/money.ts).
   The words are English here; a page writes them in the fan's language with `sentence` (the
   profile catalogue has them, issue 36). */
import { ENGLISH, type AppTranslator } from '~/i18n/english';

/** 'refunded' → 'Refunded'. */
export const statusWord = (status: string) => (status ? status[0].toUpperCase() + status.slice(1).replace(/_/g, ' ') : status);

/** Spec section 4 transaction states, as a fan reads them. */
const TRANSACTION_STATUS: Record<string, string> = { created: 'Pending', failed: 'Failed', paid: 'Paid', refunded: 'Refunded' };
export const transactionStatusWord = (status: string) => TRANSACTION_STATUS[status] ?? statusWord(status);

const ORDER_TYPES: Record<string, string> = { event: 'Single game', package: 'Package', subscription: 'Subscription' };
export const orderTypeWord = (type: string) => ORDER_TYPES[type] ?? statusWord(type);

/** Spec section 3 capabilities, in the words a fan would use. */
const CAPABILITIES: Record<string, string> = {
  watch: 'Watch games',
  download: 'Download games',
  clipping: 'Make clips',
  download_clip: 'Download clips',
  no_ads: 'Watch without ads',
  vod_media_access: 'Open the on-demand library',
};

export function capabilityWords(capabilities: string[]): string[] {
  return [...new Set(capabilities.map((c) => c.toLowerCase()))].map((c) => CAPABILITIES[c] ?? statusWord(c));
}

/** The spec's featureCount as the profile says it: '3 clips, 1 download' (French plural rules in French). */
export const featureCountWords = (used: { clips: number; downloads: number }, t: AppTranslator['t'] = ENGLISH.t) =>
  t('profile.featureCount', { clips: used.clips, downloads: used.downloads });

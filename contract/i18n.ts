/* Messages in the fan's language, one way for every side (issue 36, ADR 055): a catalogue is a
 * plain object of ICU messages per locale (`{ en: {...}, fr: {...} }`, ids `<area>.<what>`).
 * `translator(messages, locale)` (contract/formatjs.ts) is what a loader, an action, a page's
 * server render or a mail uses: FormatJS (react-intl's formatter) writes the messages. In the
 * browser the same messages go through `browserTranslator` (contract/icu.ts, a small formatter
 * checked against FormatJS on every catalogue message), so the page hydrates with the server's
 * words without shipping FormatJS (ADR 055: its bytes).
 *
 * Text that reaches a page already written in English — the spec's zod messages shared with the
 * channel API, a toast kept in the session, a channel's reason on a field — is translated where
 * it is shown, by its English wording: `sentence(text)` finds the catalogue message whose English
 * it is (placeholders such as `{n}` match any words) and writes it in the fan's language; a text
 * the catalogue does not have is shown as it is. */
import { formatIcu } from './icu.ts';
import type { Locale } from './locale.ts';

/** One locale's messages: id → ICU message. */
type Messages = Readonly<Record<string, string>>;

/** An area's catalogue: the same ids in both languages (the French typed by the English). */
export type Catalogue<Id extends string = string> = { readonly en: Readonly<Record<Id, string>>; readonly fr: Readonly<Record<Id, string>> };

/** An area's catalogue, its French checked against its English by the compiler. */
export function catalogue<const En extends Record<string, string>>(en: En, fr: { [K in keyof En]: string }): Catalogue<Extract<keyof En, string>> {
  return { en, fr } as Catalogue<Extract<keyof En, string>>;
}

/** Several areas' catalogues as one (ids are prefixed by their area, so none collide). */
export function mergeCatalogues<C extends Catalogue[]>(...catalogues: C): Catalogue {
  return {
    en: Object.assign({}, ...catalogues.map((c) => c.en)),
    fr: Object.assign({}, ...catalogues.map((c) => c.fr)),
  };
}

export type Values = Record<string, string | number | Date | null | undefined>;

export interface Translator {
  readonly locale: Locale;
  /** The message `id` with its values, in the locale; an unknown id is written as the id. */
  t(id: string, values?: Values): string;
  /** An English text the catalogue has (by its wording), in the locale; else the text as it is. */
  sentence(text: string): string;
}

interface Pattern {
  id: string;
  match: RegExp;
  names: string[];
}

/* The English messages a `sentence` can be found by: those whose placeholders are plain `{name}`
   (no plural or select). Worked out once per English catalogue. */
const patternsOf = new WeakMap<Messages, { exact: Map<string, string>; patterns: Pattern[] }>();

function sentencesOf(en: Messages) {
  let found = patternsOf.get(en);
  if (found) return found;
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, message] of Object.entries(en)) {
    if (!message.includes('{')) {
      if (!exact.has(message)) exact.set(message, id);
      continue;
    }
    if (/\{\s*\w+\s*,/.test(message) || message.includes("'")) continue;
    const names: string[] = [];
    const source = message
      .split(/(\{\s*\w+\s*\})/)
      .map((part) => {
        const name = /^\{\s*(\w+)\s*\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '(.+?)';
      })
      .join('');
    patterns.push({ id, match: new RegExp(`^${source}$`, 's'), names });
  }
  found = { exact, patterns };
  patternsOf.set(en, found);
  return found;
}

/** A formatter of one locale's messages: the message `id` (which `messages` has) with its values. */
export type Formatter = (messages: Messages, locale: Locale, timeZone: string) => (id: string, values?: Values) => string;

/**
 * `translator(messages, locale, timeZone)` made with a formatter, its translators kept (building
 * a formatter costs more than using it). English is the catalogue's own English; French falls
 * back to the English message of an id it lacks (the completeness test keeps that from happening).
 */
export function translatorWith(formatter: Formatter) {
  const translators = new Map<string, Translator>();
  const catalogueIds = new WeakMap<Catalogue, number>();
  let nextCatalogueId = 0;
  return function translator(messages: Catalogue, locale: Locale, timeZone = 'UTC'): Translator {
    let catalogueId = catalogueIds.get(messages);
    if (catalogueId === undefined) catalogueIds.set(messages, (catalogueId = nextCatalogueId++));
    const key = `${catalogueId} ${locale} ${timeZone}`;
    const kept = translators.get(key);
    if (kept) return kept;
    const own = locale === 'en' ? messages.en : { ...messages.en, ...messages.fr };
    const made = makeTranslator(messages.en, own, locale, formatter(own, locale, timeZone));
    if (translators.size < 200) translators.set(key, made);
    return made;
  };
}

/** The browser's translator: contract/icu.ts's formatter (no zone: no message formats a date). */
export const browserTranslator = translatorWith((own, locale) => (id, values) => formatIcu(own[id], locale, values));

function makeTranslator(english: Messages, own: Messages, locale: Locale, format: (id: string, values?: Values) => string): Translator {
  const t = (id: string, values?: Values) => (Object.hasOwn(own, id) ? format(id, values) : id);
  return {
    locale,
    t,
    sentence(text) {
      if (locale === 'en' || !text) return text;
      const { exact, patterns } = sentencesOf(english);
      const id = exact.get(text);
      if (id) return t(id);
      for (const pattern of patterns) {
        const match = pattern.match.exec(text);
        if (match) return t(pattern.id, Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]])));
      }
      return text;
    },
  };
}

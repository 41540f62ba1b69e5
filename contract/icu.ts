/* A small ICU message formatter for the browser (issue 36, ADR 055): the part of the ICU syntax
 * the catalogues use — text with ICU quoting, `{name}`, `{n, plural, =0 {…} one {…} other {…}}`
 * with `#`, `{x, select, …}` — written the way FormatJS (intl-messageformat, which formats every
 * message on the server and in mails) writes it, so a page hydrates with the server's words.
 * FormatJS's parser and formatters weigh ~13 kB gzip; this is under 1 kB. A message using
 * anything else (number/date skeletons, tags, offsets) is refused here, and
 * tests/unit/contract/icu.test.ts formats every catalogue message with both and compares. */
import { intlLocale, type Locale } from './locale.ts';

export type IcuValues = Record<string, string | number | Date | null | undefined>;

type Node = string | { arg: string; kind?: 'plural' | 'select'; options?: Record<string, Node[]> } | { pound: true };

class Unsupported extends Error {}

/** The message parsed (kept: a catalogue's messages are parsed once each). */
const parsed = new Map<string, Node[]>();

function parse(message: string): Node[] {
  let at = 0;
  const fail = (): never => {
    throw new Unsupported(`Unsupported ICU message: ${message}`);
  };
  const space = () => {
    while (at < message.length && /\s/.test(message[at])) at++;
  };
  const word = () => {
    const start = at;
    while (at < message.length && /[^\s{},]/.test(message[at])) at++;
    if (at === start) fail();
    return message.slice(start, at);
  };
  // Text up to a `{` or (inside an option) a `}`; ICU quoting as FormatJS reads it: '' is a
  // quote, and a quote before { } (or # inside a plural) starts quoted text up to the next one.
  const nodes = (inPlural: boolean, nested: boolean): Node[] => {
    const out: Node[] = [];
    let text = '';
    while (at < message.length) {
      const c = message[at];
      if (c === "'") {
        const next = message[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === '{' || next === '}' || next === '<' || next === '>' || (inPlural && next === '#')) {
          at += 1;
          while (at < message.length) {
            if (message[at] === "'" && message[at + 1] === "'") {
              text += "'";
              at += 2;
            } else if (message[at] === "'") {
              at += 1;
              break;
            } else text += message[at++];
          }
        } else {
          text += c;
          at += 1;
        }
      } else if (c === '{') {
        if (text) out.push(text);
        text = '';
        out.push(argument());
      } else if (c === '}') {
        if (!nested) fail();
        break;
      } else if (c === '#' && inPlural) {
        if (text) out.push(text);
        text = '';
        out.push({ pound: true });
        at += 1;
      } else if (c === '<' && /[a-zA-Z/]/.test(message[at + 1] ?? '')) {
        fail();
      } else {
        text += c;
        at += 1;
      }
    }
    if (text) out.push(text);
    return out;
  };
  const argument = (): Node => {
    at += 1; // {
    space();
    const arg = word();
    space();
    if (message[at] === '}') {
      at += 1;
      return { arg };
    }
    if (message[at] !== ',') fail();
    at += 1;
    space();
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') fail();
    space();
    if (message[at] !== ',') fail();
    at += 1;
    const options: Record<string, Node[]> = {};
    for (;;) {
      space();
      if (message[at] === '}') break;
      const key = word();
      if (key.startsWith('offset:')) fail();
      space();
      if (message[at] !== '{') fail();
      at += 1;
      options[key] = nodes(kind === 'plural', true);
      if (message[at] !== '}') fail();
      at += 1;
    }
    at += 1; // }
    if (!options.other) fail();
    return { arg, kind: kind as 'plural' | 'select', options };
  };
  const out = nodes(false, false);
  if (at < message.length) fail();
  return out;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesOf(locale: string) {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

function numbersOf(locale: string) {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

class MissingValue extends Error {}

function write(nodes: Node[], values: IcuValues, locale: string, count: number | null): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if ('pound' in node) out += count === null ? '' : numbersOf(locale).format(count);
    else {
      if (!(node.arg in values)) throw new MissingValue(node.arg);
      const value = values[node.arg];
      if (!node.kind) out += typeof value === 'string' || typeof value === 'number' ? String(value) : value ? String(value) : '';
      else if (node.kind === 'select') out += write(node.options![String(value)] ?? node.options!.other, values, locale, count);
      else {
        const n = Number(value);
        const option = node.options![`=${value}`] ?? node.options![rulesOf(locale).select(n)] ?? node.options!.other;
        out += write(option, values, locale, n);
      }
    }
  }
  return out;
}

/** True when this formatter can write the message (the catalogue test asks it of every one). */
export function icuSupports(message: string): boolean {
  try {
    parse(message);
    return true;
  } catch (error) {
    if (error instanceof Unsupported) return false;
    throw error;
  }
}

/**
 * The message with its values, in the locale, as FormatJS's `formatMessage` writes it: a value it
 * names and lacks, or a syntax this formatter does not have, gives the message itself.
 */
export function formatIcu(message: string, locale: Locale, values: IcuValues = {}): string {
  try {
    let nodes = parsed.get(message);
    if (!nodes) {
      nodes = parse(message);
      if (parsed.size < 2000) parsed.set(message, nodes);
    }
    return write(nodes, values, intlLocale(locale), null);
  } catch {
    return message;
  }
}

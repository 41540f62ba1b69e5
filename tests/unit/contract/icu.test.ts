import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { areas } from '../../../app/i18n/messages/index.ts';
import { translator } from '../../../contract/formatjs.ts';
import { browserTranslator, catalogue, type Catalogue } from '../../../contract/i18n.ts';
import { formatIcu, icuSupports, type IcuValues } from '../../../contract/icu.ts';
import { LOCALES } from '../../../contract/locale.ts';

/* The browser's formatter writes what FormatJS writes on the server (ADR 055), or a page would
   hydrate with other words: every message of the web app's catalogues, in both languages, with
   values of every kind its arguments take. */

/** The values to try for a message: each plural with 0, 1, 2 and a million; each select with
 *  each of its keys and another; every other argument a name. */
function valueSets(elements: MessageFormatElement[]): IcuValues[] {
  const tries = new Map<string, (string | number)[]>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.plural) tries.set(el.value, [0, 1, 2, 1_000_000]);
      else if (el.type === TYPE.select) tries.set(el.value, [...Object.keys(el.options), 'another']);
      else if (el.type === TYPE.argument && !tries.has(el.value)) tries.set(el.value, ['Ada', '3']);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(elements);
  let sets: IcuValues[] = [{}];
  for (const [name, values] of tries) sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value })));
  return sets.slice(0, 64);
}

describe('the browser’s message formatter', () => {
  const all: Catalogue = { en: Object.assign({}, ...Object.values(areas).map((c) => c.en)), fr: Object.assign({}, ...Object.values(areas).map((c) => c.fr)) };

  it.each(LOCALES)('writes every web app message in %s as FormatJS does', (locale) => {
    const server = translator(all, locale);
    const browser = browserTranslator(all, locale);
    let compared = 0;
    for (const id of Object.keys(all.en)) {
      const message = locale === 'en' ? all.en[id] : all.fr[id];
      expect(icuSupports(message), `${id}: a syntax the browser's formatter lacks`).toBe(true);
      for (const values of [undefined, ...valueSets(parse(message))]) {
        expect(browser.t(id, values), `${id} ${JSON.stringify(values)}`).toBe(server.t(id, values));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(Object.keys(all.en).length);
  });

  it('follows ICU quoting, plural rules and exact matches', () => {
    expect(formatIcu("{name}'s profile", 'en', { name: 'Ada' })).toBe("Ada's profile");
    expect(formatIcu("It''s '{'literal'}' here", 'en', {})).toBe("It's {literal} here");
    expect(formatIcu('{n, plural, =0 {none} one {# game} other {# games}}', 'en', { n: 0 })).toBe('none');
    expect(formatIcu('{n, plural, one {# match} other {# matchs}}', 'fr', { n: 1 })).toBe('1 match');
    expect(formatIcu('{n, plural, one {# match} many {# de matchs} other {# matchs}}', 'fr', { n: 1_000_000 }).replace(/\u202f/g, ' ')).toBe(
      '1 000 000 de matchs',
    );
    expect(formatIcu('{kind, select, live {Live} other {Later}}', 'en', { kind: 'live' })).toBe('Live');
  });

  it('writes a message it cannot format, or lacks a value for, as it is', () => {
    expect(icuSupports('{n, number, ::currency/EUR}')).toBe(false);
    expect(formatIcu('{n, number}', 'en', { n: 1 })).toBe('{n, number}');
    expect(formatIcu('Hello {name}', 'en', {})).toBe('Hello {name}');
    expect(browserTranslator(catalogue({ 'x.a': 'A' }, { 'x.a': 'Á' }), 'fr').t('x.b' as never)).toBe('x.b');
  });
});

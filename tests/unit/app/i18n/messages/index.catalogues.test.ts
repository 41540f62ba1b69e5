import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { signInThrottledMessage, USER_MSG } from '../../../../../app/domain/auth-messages.ts';
import { areas, messages } from '../../../../../app/i18n/messages/index.ts';
import { mailMessages } from '../../../../../channel-api/mail/messages.ts';
import { MSG, SERVER_MSG } from '../../../../../contract/auth.ts';
import { translator } from '../../../../../contract/formatjs.ts';
import type { Catalogue } from '../../../../../contract/i18n.ts';

/* Every message exists in both languages (issue 36, ADR 055): each catalogue has the same ids in
   English and French, none empty, each a valid ICU message whose French uses only the English's
   values; and every id the code names is in a catalogue. */

const root = path.resolve(import.meta.dirname, '../../../../..');

/** The values a message takes ({name}, {count, plural, …}), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

const catalogues: Record<string, Catalogue> = { ...areas, mail: mailMessages };

describe.each(Object.entries(catalogues))('the %s catalogue', (name, catalogue) => {
  it('has the same ids in English and French, none empty', () => {
    expect(Object.keys(catalogue.fr).sort(), `${name}: ids in one language only`).toEqual(Object.keys(catalogue.en).sort());
    for (const [id, text] of [...Object.entries(catalogue.en), ...Object.entries(catalogue.fr)]) expect(text.trim(), id).not.toBe('');
  });

  it('holds valid ICU messages; the French takes only the values the English is given', () => {
    for (const id of Object.keys(catalogue.en)) {
      const en = argumentsOf(parse(catalogue.en[id]));
      const fr = argumentsOf(parse(catalogue.fr[id]));
      expect(
        [...fr].filter((arg) => !en.has(arg)),
        `${id}: French values the English lacks`,
      ).toEqual([]);
    }
  });

  it('names its ids after its area', () => {
    const prefix = name === 'mail' ? 'mail.' : `${name}.`;
    expect(Object.keys(catalogue.en).filter((id) => !id.startsWith(prefix))).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('the ids the code names', () => {
  it('are all in a catalogue', () => {
    const known = new Set([...Object.keys(messages.en), ...Object.keys(mailMessages.en)]);
    const prefixes = Object.keys(catalogues).join('|');
    const idPattern = new RegExp(`['"\`]((?:${prefixes})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const missing: string[] = [];
    let named = 0;
    for (const file of [...sourceFiles(path.join(root, 'app')), ...sourceFiles(path.join(root, 'channel-api/mail'))]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(idPattern)) {
        named++;
        if (!known.has(match[1])) missing.push(`${path.relative(root, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(named).toBeGreaterThan(20);
  });
});

describe('the words the code passes as English text', () => {
  it('are in a catalogue: page titles and descriptions (pageMeta)', () => {
    const english = new Set(Object.values(messages.en));
    const missing: string[] = [];
    for (const file of sourceFiles(path.join(root, 'app'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/pageMeta\(\s*matches,\s*'([^']*)',\s*'([^']*)'\s*\)/g)) {
        for (const words of [match[1], match[2]]) if (!english.has(words)) missing.push(`${path.relative(root, file)}: ${words}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the spec’s form and account messages', () => {
  const fr = translator(messages, 'fr');
  it('are in the catalogue word for word, so each is found and written in French', () => {
    const spec = [
      ...Object.values(MSG).flatMap((m) => (typeof m === 'string' ? [m] : [])),
      MSG.shorter(255),
      MSG.longer(7),
      ...Object.values(USER_MSG),
      SERVER_MSG.emailTaken,
      SERVER_MSG.notVerified,
      signInThrottledMessage(60),
      signInThrottledMessage(300),
    ];
    const untranslated = spec.filter((text) => fr.sentence(text) === text);
    expect(untranslated).toEqual([]);
    expect(fr.sentence(MSG.shorter(255))).toBe('Le champ doit compter moins de 255 caractères');
    expect(fr.sentence(signInThrottledMessage(300))).toContain('patienter 5 minutes');
  });

  it('stay English, word for word, when the page is English', () => {
    const en = translator(messages, 'en');
    expect(en.sentence(MSG.required)).toBe('Field is required');
    expect(en.t('account.msg.required')).toBe(MSG.required);
  });
});

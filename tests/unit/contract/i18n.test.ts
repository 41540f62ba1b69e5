import { describe, expect, it } from 'vitest';
import { translator } from '../../../contract/formatjs.ts';
import { catalogue } from '../../../contract/i18n.ts';

/* Messages in the fan's language (ADR 055): ICU messages with French plural rules, and English
   text that came as text written in French by its wording. */

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

const test = catalogue(
  {
    'test.games': '{count, plural, one {# game} other {# games}}',
    'test.hello': 'Hello {name}',
    'test.required': 'Field is required',
    'test.shorter': 'Field length must be less than {n}',
  },
  {
    'test.games': '{count, plural, one {# match} many {# de matchs} other {# matchs}}',
    'test.hello': 'Bonjour {name}',
    'test.required': 'Ce champ est obligatoire',
    'test.shorter': 'Le champ doit compter moins de {n} caractères',
  },
);

describe('translator', () => {
  it('writes plurals by each language’s rules: French says 0 and 1 in the singular', () => {
    const en = translator(test, 'en');
    const fr = translator(test, 'fr');
    expect([0, 1, 2].map((count) => en.t('test.games', { count }))).toEqual(['0 games', '1 game', '2 games']);
    expect([0, 1, 2].map((count) => fr.t('test.games', { count }))).toEqual(['0 match', '1 match', '2 matchs']);
    expect(nbsp(fr.t('test.games', { count: 1_000_000 }))).toBe('1 000 000 de matchs');
    expect(nbsp(fr.t('test.games', { count: 1234 }))).toBe('1 234 matchs');
  });

  it('fills values and writes an unknown id as the id', () => {
    expect(translator(test, 'fr').t('test.hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(translator(test, 'fr').t('test.nothing')).toBe('test.nothing');
  });

  it('finds an English sentence by its wording, placeholders included, and leaves others as they are', () => {
    const fr = translator(test, 'fr');
    expect(fr.sentence('Field is required')).toBe('Ce champ est obligatoire');
    expect(fr.sentence('Field length must be less than 255')).toBe('Le champ doit compter moins de 255 caractères');
    expect(fr.sentence('Something the catalogue does not have')).toBe('Something the catalogue does not have');
    expect(translator(test, 'en').sentence('Field is required')).toBe('Field is required');
  });
});

import { describe, expect, it } from 'vitest';
import { ANSWER_MAX, answerProblem, answerText, checkAnswers, FORM_MSG, isIsoDay, type FormField } from '#contract/custom-forms';

const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'type'>): FormField => ({ label: f.name, required: false, options: [], ...f });
const school = field({ name: 'school', type: 'select', required: true, options: ['Lakeview Lions', 'Bayside Mariners'] });
const nick = field({ name: 'nick', type: 'text' });
const born = field({ name: 'born', type: 'date' });
const agree = field({ name: 'agree', type: 'checkbox', required: true });
const news = field({ name: 'news', type: 'checkbox' });
const form = [school, nick, born, agree, news];

describe("a custom form's answers (ADR 053)", () => {
  it("say the spec's 'Field is required' for a required field left empty (a blank text, an unticked checkbox)", () => {
    expect(answerProblem(school, undefined)).toBe(FORM_MSG.required);
    expect(answerProblem(school, '   ')).toBe(FORM_MSG.required);
    expect(answerProblem(agree, false)).toBe(FORM_MSG.required);
    expect(answerProblem(agree, undefined)).toBe(FORM_MSG.required);
    expect(FORM_MSG.required).toBe('Field is required');
    expect(answerProblem(nick, undefined)).toBeNull();
    expect(answerProblem(news, undefined)).toBeNull();
  });

  it("take a select's own options only, a real calendar day, text up to its length, a checkbox's true or false", () => {
    expect(answerProblem(school, 'Bayside Mariners')).toBeNull();
    expect(answerProblem(school, 'bayside mariners')).toBe(FORM_MSG.notAnOption);
    expect(answerProblem(born, '2024-02-29')).toBeNull();
    expect(answerProblem(born, '2023-02-29')).toBe(FORM_MSG.date);
    expect(answerProblem(born, '14/09/2024')).toBe(FORM_MSG.date);
    expect(answerProblem(nick, 'x'.repeat(ANSWER_MAX))).toBeNull();
    expect(answerProblem(nick, 'x'.repeat(ANSWER_MAX + 1))).toBe(`Field length must be less than ${ANSWER_MAX + 1}`);
    expect(answerProblem(news, 'on')).toBe(FORM_MSG.checkbox);
    expect(answerProblem(nick, true)).toBe(FORM_MSG.required);
    expect([isIsoDay('0000-01-01'), isIsoDay('2026-13-01'), isIsoDay('2026-12-31')]).toEqual([false, false, true]);
  });

  it("are checked all at once: what passes is kept in the form's order, trimmed, empty ones left out, a checkbox always", () => {
    expect(
      checkAnswers(form, [
        { name: 'agree', value: true },
        { name: 'nick', value: '  Lefty ' },
        { name: 'born', value: '' },
        { name: 'school', value: 'Lakeview Lions' },
      ]),
    ).toEqual({
      ok: true,
      answers: [
        { name: 'school', value: 'Lakeview Lions' },
        { name: 'nick', value: 'Lefty' },
        { name: 'agree', value: true },
        { name: 'news', value: false },
      ],
    });
  });

  it('are refused with a reason per field: each failed check, an unknown field, a field given twice', () => {
    const result = checkAnswers(form, [
      { name: 'school', value: 'Nowhere' },
      { name: 'born', value: 'soon' },
      { name: 'born', value: '2024-01-01' },
      { name: 'constructor', value: 'x' },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: { school: [FORM_MSG.notAnOption], born: [FORM_MSG.twice], constructor: [FORM_MSG.unknownField], agree: [FORM_MSG.required] },
    });
  });

  it('read Yes or No for a checkbox on the profile, the text otherwise', () => {
    expect([answerText(true), answerText(false), answerText('Lakeview Lions')]).toEqual(['Yes', 'No', 'Lakeview Lions']);
  });
});

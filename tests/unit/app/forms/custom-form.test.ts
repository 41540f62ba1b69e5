import { parseWithZod } from '@conform-to/zod';
import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { FORM_MSG, type FormField } from '#contract/custom-forms';
import { answerField, answersOf, customFormConstraints, customFormSchema, defaultsOf } from '~/forms/custom-form';

/* A channel's custom form made from its fields (ADR 053): the contract's checks, said on the page's
   own field names; what is sent to the channel; what the browser asks for without JavaScript. */

const fields: FormField[] = [
  { name: 'school', label: 'Your school', type: 'select', required: true, options: ['Lakeview Lions', 'Bayside Mariners'] },
  { name: 'nick', label: 'Nickname', type: 'text', required: false, options: [] },
  { name: 'first_game', label: 'First game', type: 'date', required: false, options: [] },
  { name: 'agree', label: 'I agree', type: 'checkbox', required: true, options: [] },
  { name: 'news', label: 'News', type: 'checkbox', required: false, options: [] },
];

function parse(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.set(name, value);
  return parseWithZod(formData, { schema: customFormSchema(fields) });
}

describe('a custom form on the page', () => {
  it("refuses an empty required field with the spec's words, and a bad answer with the channel's own", () => {
    const errorsOf = (entries: Record<string, string>) => {
      const submission = parse(entries);
      return submission.status === 'success' ? {} : submission.error;
    };
    expect(errorsOf({})).toEqual({ 'answer-school': [FORM_MSG.required], 'answer-agree': [FORM_MSG.required] });
    expect(errorsOf({ 'answer-school': 'Nowhere', 'answer-first_game': '2026-02-30', 'answer-agree': 'on' })).toEqual({
      'answer-school': [FORM_MSG.notAnOption],
      'answer-first_game': [FORM_MSG.date],
    });
  });

  it('sends the channel every filled-in field and every checkbox (unticked: false), with the page to come back to', () => {
    const ok = parse({ 'answer-school': 'Bayside Mariners', 'answer-nick': ' Lefty ', 'answer-agree': 'on', redirectTo: '/upcoming' });
    expect(ok.status).toBe('success');
    if (ok.status !== 'success') return;
    expect(ok.value.redirectTo).toBe('/upcoming');
    expect(answersOf(fields, ok.value)).toEqual([
      { name: 'school', value: 'Bayside Mariners' },
      { name: 'nick', value: 'Lefty' },
      { name: 'agree', value: true },
      { name: 'news', value: false },
    ]);
  });

  it('fills the fields in with the answers before, and asks the browser for the required ones', () => {
    expect(
      defaultsOf([
        { name: 'school', value: 'Lakeview Lions' },
        { name: 'news', value: true },
      ]),
    ).toEqual({ 'answer-school': 'Lakeview Lions', 'answer-news': true });
    expect(defaultsOf(null)).toEqual({});
    const constraint = getZodConstraint(customFormConstraints(fields));
    expect(constraint[answerField('school')]).toMatchObject({ required: true });
    expect(constraint[answerField('agree')]).toMatchObject({ required: true });
    expect(constraint[answerField('nick')]).toMatchObject({ required: false, maxLength: 500 });
  });
});

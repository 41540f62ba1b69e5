import { describe, expect, it } from 'vitest';
import { customFormsSpec } from '../../../../channel-api/seed/custom-forms.ts';
import { demoChannel } from '../../../../channel-api/seed/demo-channel.ts';

/* The description's `custom_forms` (ADR 053): what an operator may declare, and what the import
   refuses with a reason. */

const form = (over: Record<string, unknown> = {}) => ({
  alias: 'season-survey',
  title: 'Before the season',
  fields: [{ name: 'school', label: 'Your school', type: 'select', options: ['Lakeview Lions'] }],
  ...over,
});
const problems = (input: unknown) => {
  const parsed = customFormsSpec.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe("a description's custom forms", () => {
  it('default to not required, fields not required, no options; none at all when left out', () => {
    expect(customFormsSpec.parse(undefined)).toEqual([]);
    expect(customFormsSpec.parse([form({ fields: [{ name: 'nick', label: 'Nickname', type: 'text' }] })])).toEqual([
      {
        alias: 'season-survey',
        title: 'Before the season',
        required: false,
        fields: [{ name: 'nick', label: 'Nickname', type: 'text', required: false, options: [] }],
      },
    ]);
  });

  it('refuse a select without options, options on another type, a field or a form named twice, an alias that is not a plain word', () => {
    expect(problems([form({ fields: [{ name: 'school', label: 'School', type: 'select' }] })])).toEqual(['0.fields.0.options: a select needs its options']);
    expect(problems([form({ fields: [{ name: 'nick', label: 'Nick', type: 'text', options: ['a'] }] })])).toEqual([
      '0.fields.0.options: only a select has options',
    ]);
    const twice = { name: 'nick', label: 'Nick', type: 'text' };
    expect(problems([form({ fields: [twice, twice] })])).toEqual(['0.fields: name each field once']);
    expect(problems([form(), form()])).toEqual([': give each form its own alias']);
    expect(problems([form({ alias: 'Season Survey' })])).toHaveLength(1);
    expect(problems([form({ fields: [{ name: 'when', label: 'When', type: 'time' }] })])).toHaveLength(1);
    expect(problems([form({ fields: [] })])).toHaveLength(1);
  });

  it("hold the demo's one form, not required: the gate is off", () => {
    expect(customFormsSpec.parse(demoChannel().custom_forms).map((f) => [f.alias, f.required])).toEqual([['passes', false]]);
  });
});

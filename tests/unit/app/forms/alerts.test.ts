import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { alertChoices, alertsSchema } from '~/forms/alerts';

const parse = (fields: [string, string][]) => {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return parseWithZod(formData, { schema: alertsSchema });
};

describe('the alerts page form (one Save for every follow)', () => {
  it("reads each follow's two boxes: ticked sends its id, unticked nothing", () => {
    const s = parse([
      ['follow_id', '4'],
      ['follow_id', '9'],
      ['follow_id', '12'],
      ['go_live', '4'],
      ['reminder', '4'],
      ['reminder', '12'],
    ]);
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(alertChoices(s.value)).toEqual([
      { id: 4, go_live: true, reminder: true },
      { id: 9, go_live: false, reminder: false },
      { id: 12, go_live: false, reminder: true },
    ]);
  });

  it('turns every alert off when nothing is ticked, and drops a ticked id that is not listed', () => {
    const s = parse([
      ['follow_id', '4'],
      ['go_live', '77'],
    ]);
    expect(s.status === 'success' && alertChoices(s.value)).toEqual([{ id: 4, go_live: false, reminder: false }]);
  });

  it('refuses a forged form: no follow, or an id that is not one', () => {
    expect(parse([]).status).toBe('error');
    expect(parse([['follow_id', 'x']]).status).toBe('error');
    expect(parse([['follow_id', '0']]).status).toBe('error');
    expect(
      parse([
        ['follow_id', '4'],
        ['reminder', '-1'],
      ]).status,
    ).toBe('error');
  });
});

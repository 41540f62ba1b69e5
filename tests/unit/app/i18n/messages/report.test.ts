import { describe, expect, it } from 'vitest';
import { reportDay, reportRange } from '#contract';
import { appTranslator } from '~/i18n/english';

/* The report's area (issue 36, ADR 055): the reasons the range form shows come as the contract's
   English (reportRange, shared with the channel API); the catalogue has each by its wording, so a
   French page says them in French and an English one word for word. */

/** Every reason a range can be refused with, as the page's form gets them. */
const reasons = new Set(
  [
    ...(reportRange.safeParse({ from: '2026-03-10', to: '2026-03-01' }).error?.issues ?? []),
    ...(reportRange.safeParse({ from: '2025-01-01', to: '2026-03-01' }).error?.issues ?? []),
    ...(reportDay.safeParse('2026-3-1').error?.issues ?? []),
  ].map((issue) => issue.message),
);

describe('the reasons a range is refused with', () => {
  it('are written in French on a French page, and stay the contract’s English on an English one', () => {
    const fr = appTranslator('fr');
    expect(Object.fromEntries([...reasons].map((reason) => [reason, fr.sentence(reason)]))).toEqual({
      'The first day must not be after the last.': 'Le premier jour ne peut pas être postérieur au dernier.',
      'A report covers at most 366 days.': 'Un rapport couvre au plus 366 jours.',
      'must be a date (YYYY-MM-DD)': 'doit être une date (AAAA-MM-JJ)',
      'must be a date from 2000 on': 'doit être une date à partir de 2000',
    });
    const en = appTranslator('en');
    for (const reason of reasons) expect(en.sentence(reason)).toBe(reason);
  });
});

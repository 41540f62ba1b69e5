import { describe, expect, it } from 'vitest';
import { documentTitle } from '~/domain/page-meta';

describe('document title', () => {
  it("titles documents '<page> | <channel name>'", () => {
    expect(documentTitle('FAQ', 'Lakeshore Sports')).toBe('FAQ | Lakeshore Sports');
    expect(documentTitle(null, 'Lakeshore Sports')).toBe('Lakeshore Sports');
    expect(documentTitle('FAQ', '')).toBe('FAQ | Fieldhouse');
  });
});

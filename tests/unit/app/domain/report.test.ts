import { describe, expect, it } from 'vitest';
import { reportRange, type Report } from '#contract';
import { csvField, csvFileName, dayLabel, formatNumber, isReportTable, lastDays, reportTable, reportTotals, tableCsv } from '~/domain/report';
import { appTranslator } from '~/i18n/english';

const report: Report = {
  from: '2026-03-09',
  to: '2026-03-10',
  time_zone: 'America/Chicago',
  stream: null,
  days: [
    { day: '2026-03-09', page_views: 10, visitors: 4, views: 3, viewers: 2, minutes: 40, peak_viewers: 2 },
    { day: '2026-03-10', page_views: 5, visitors: 3, views: 1, viewers: 1, minutes: 1200, peak_viewers: 1 },
  ],
  games: [{ event_id: 4, name: 'Bayside Mariners @ Lakeview Lions (Boys Soccer)', views: 4, viewers: 3, minutes: 1240, peak_viewers: 2 }],
  products: [
    { product: 'Season pass', type: 'package', currency: 'USD', purchases: 2, revenue: 5998 },
    { product: '=HYPERLINK("x")', type: 'event', currency: 'JPY', purchases: 1, revenue: 500 },
  ],
  codes: [{ trk: 'spring-mail', visitors: 7, views: 3, purchases: 0, currency: null, revenue: 0 }],
  funnel: { event_page: 8, offer: 4, checkout: 2, paid: 1 },
  prerolls: [{ preroll_id: 3, label: 'Pre-roll 3 (sponsor.example)', impressions: 10, completions: 7, skips: 3, clicks: 1 }],
};

describe("the operator's report as the page and the CSV show it", () => {
  it("covers the last days of the channel's calendar, today included", () => {
    // 03:00 UTC on 11 March is still 10 March in Chicago.
    const now = Date.parse('2026-03-11T03:00:00Z');
    expect(lastDays(28, now, 'America/Chicago')).toEqual({ from: '2026-02-11', to: '2026-03-10' });
    expect(lastDays(1, now, 'UTC')).toEqual({ from: '2026-03-11', to: '2026-03-11' });
  });

  it('refuses a range backwards, too long or of days that do not exist, with the reason on its field', () => {
    expect(reportRange.safeParse({ from: '2026-03-01', to: '2026-03-31' }).success).toBe(true);
    const errors = (value: object) => reportRange.safeParse(value).error?.flatten().fieldErrors;
    expect(errors({ from: '2026-03-10', to: '2026-03-01' })).toEqual({ from: ['The first day must not be after the last.'] });
    expect(errors({ from: '2025-01-01', to: '2026-03-01' })).toEqual({ to: ['A report covers at most 366 days.'] });
    expect(errors({ from: '2026-02-30', to: '2026-03-01' })?.from).toEqual(['must be a date from 2000 on']);
  });

  it('writes each table with its columns, amounts in their currency on the page and as decimals in the CSV', () => {
    const products = reportTable(report, 'products');
    expect(products.columns.map((c) => c.label)).toEqual(['Product', 'Kind', 'Purchases', 'Revenue', 'Currency']);
    expect(products.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Season pass', 'Pass', '2', '$59.98', 'USD'],
      ['=HYPERLINK("x")', 'Single game', '1', '¥500', 'JPY'],
    ]);
    expect(tableCsv(products)).toBe(
      'Product,Kind,Purchases,Revenue,Currency\r\nSeason pass,Pass,2,59.98,USD\r\n"\'=HYPERLINK(""x"")",Single game,1,500,JPY\r\n',
    );
    expect(reportTable(report, 'funnel').rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Read a game’s page', '8', '100%'],
      ['Looked at an offer', '4', '50%'],
      ['Went to checkout', '2', '25%'],
      ['Paid', '1', '13%'],
    ]);
    expect(tableCsv(reportTable(report, 'days')).split('\r\n')[1]).toBe('2026-03-09,10,4,3,2,40,2');
    expect(reportTable(report, 'days').rows[1][5].text).toBe('1,200');
    expect(tableCsv(reportTable(report, 'codes'))).toBe('Code,Visitors,Video views,Purchases,Revenue,Currency\r\nspring-mail,7,3,0,0,\r\n');
    expect(reportTable(report, 'prerolls').rows[0].map((c) => c.text)).toEqual(['Pre-roll 3 (sponsor.example)', '10', '7', '3', '1', '70%']);
  });

  it('keeps a CSV field a spreadsheet would run as a formula as text, and quotes what needs it', () => {
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-5')).toBe('-5');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(12)).toBe('12');
  });

  it('names its tables and files, and adds up the totals per currency', () => {
    expect(isReportTable('games')).toBe(true);
    expect(isReportTable('__proto__')).toBe(false);
    expect(isReportTable(null)).toBe(false);
    expect(csvFileName('games', '2026-03-01', '2026-03-28')).toBe('report-games-2026-03-01-to-2026-03-28.csv');
    expect(reportTotals(report)).toEqual({ pageViews: 15, views: 4, minutes: 1240, peak: 2, purchases: 3, revenue: ['$59.98', '¥500'] });
  });
});

describe('the report in French (issue 36, ADR 055)', () => {
  const fr = appTranslator('fr');
  /** fr-FR groups digits with a narrow no-break space. */
  const NNBSP = '\u202f';
  /** Spaces as a reader sees them (fr-FR sets '%' and '$' apart with a no-break space). */
  const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

  it('writes a table’s title, columns and days in French, its figures grouped as fr-FR does', () => {
    const days = reportTable(report, 'days', fr);
    expect(days.title).toBe('Par jour');
    expect(days.columns.map((c) => c.label)).toEqual([
      'Jour',
      'Pages vues',
      'Visiteurs',
      'Vues',
      'Spectateurs uniques',
      'Minutes regardées',
      'Pic de spectateurs',
    ]);
    expect(days.rows[1][0].text).toBe('mar. 10 mars');
    expect(days.rows[1][5].text).toBe(`1${NNBSP}200`);
    expect(dayLabel('2026-03-10', 'fr')).toBe('mar. 10 mars');
    expect(dayLabel('2026-03-10')).toBe('Tue, Mar 10');
    expect(formatNumber(1_234_567, 'fr')).toBe(`1${NNBSP}234${NNBSP}567`);
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
    expect(reportTable(report, 'funnel', fr).rows.map((r) => r.map((c) => spaced(c.text)))).toEqual([
      ['Page d’un match consultée', '8', '100 %'],
      ['Offre consultée', '4', '50 %'],
      ['Passage au paiement', '2', '25 %'],
      ['Paiement effectué', '1', '13 %'],
    ]);
  });

  it('writes amounts in fr-FR on the page; the CSV’s header row is French, its values the same as in English', () => {
    const products = reportTable(report, 'products', fr);
    expect(products.rows.map((r) => r.map((c) => spaced(c.text)))).toEqual([
      ['Season pass', 'Pass', '2', '59,98 $', 'USD'],
      ['=HYPERLINK("x")', 'Match à l’unité', '1', '500 ¥', 'JPY'],
    ]);
    expect(tableCsv(products)).toBe(
      'Produit,Type,Achats,Recettes,Devise\r\nSeason pass,Pass,2,59.98,USD\r\n"\'=HYPERLINK(""x"")",Match à l’unité,1,500,JPY\r\n',
    );
    expect(
      tableCsv(reportTable(report, 'days', fr))
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'Jour,Pages vues,Visiteurs,Vues,Spectateurs uniques,Minutes regardées,Pic de spectateurs',
      '2026-03-09,10,4,3,2,40,2',
      '2026-03-10,5,3,1,1,1200,1',
    ]);
    expect(tableCsv(reportTable(report, 'codes', fr))).toBe('Code,Visiteurs,Vues vidéo,Achats,Recettes,Devise\r\nspring-mail,7,3,0,0,\r\n');
    expect(reportTotals(report, 'fr').revenue.map(spaced)).toEqual(['59,98 $', '500 ¥']);
  });
});

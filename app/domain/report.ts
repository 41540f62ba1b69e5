import { isoDay } from '#contract/dates';
import { currencyDigits, formatMoney } from '#contract/money';
import { REPORT_DEFAULT_DAYS, type Report } from '#contract/report';

/* The operator's report as the page and the CSV files show it (issue 35, ADR 052): the range a
   report covers, and each table's columns, written once for both. */

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days of the channel's calendar, today included. */
export function lastDays(days: number, now: number, timeZone: string): { from: string; to: string } {
  const to = isoDay(Math.floor(now / 1000), timeZone);
  return { from: shift(to, -(days - 1)), to };
}

/** The ranges offered as one-click links beside the form. */
export const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: REPORT_DEFAULT_DAYS, label: 'Last 28 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/** The tables a report has, by the name its CSV is asked for with (`?table=`). */
export const REPORT_TABLES = ['days', 'games', 'products', 'codes', 'funnel', 'prerolls'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const isReportTable = (value: string | null): value is ReportTable => (REPORT_TABLES as readonly string[]).includes(value ?? '');

/** A cell: a figure (right-aligned on the page, a number in the CSV) or a text. */
export type Cell = { text: string; value: number | string };

export interface Table {
  title: string;
  columns: { label: string; numeric: boolean }[];
  rows: Cell[][];
}

const n = (value: number): Cell => ({ text: value.toLocaleString('en-US'), value });
const s = (text: string): Cell => ({ text, value: text });
/** An amount: written with its currency on the page, as a decimal number in the CSV. */
const money = (minor: number, currency: string | null): Cell => ({
  text: currency ? formatMoney(minor, currency) : '—',
  value: currency ? (minor / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency)) : '0',
});
const rate = (part: number, whole: number): Cell =>
  whole > 0 ? { text: `${Math.round((part / whole) * 100)}%`, value: (part / whole).toFixed(3) } : { text: '—', value: '' };

const num = (label: string) => ({ label, numeric: true });
const txt = (label: string) => ({ label, numeric: false });

/** A day as the table writes it: 'Tue, Mar 10'. */
export function dayLabel(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** One table of the report, its columns and rows as the page shows them and the CSV writes them. */
export function reportTable(report: Report, table: ReportTable): Table {
  switch (table) {
    case 'days':
      return {
        title: 'Per day',
        columns: [txt('Day'), num('Page views'), num('Visitors'), num('Views'), num('Unique viewers'), num('Minutes watched'), num('Peak viewers')],
        rows: report.days.map((d) => [
          { text: dayLabel(d.day), value: d.day },
          n(d.page_views),
          n(d.visitors),
          n(d.views),
          n(d.viewers),
          n(d.minutes),
          n(d.peak_viewers),
        ]),
      };
    case 'games':
      return {
        title: 'Per game',
        columns: [txt('Game'), num('Views'), num('Unique viewers'), num('Minutes watched'), num('Peak viewers')],
        rows: report.games.map((g) => [s(g.name), n(g.views), n(g.viewers), n(g.minutes), n(g.peak_viewers)]),
      };
    case 'products':
      return {
        title: 'Sales per product',
        columns: [txt('Product'), txt('Kind'), num('Purchases'), num('Revenue'), txt('Currency')],
        rows: report.products.map((p) => [s(p.product), s(PRODUCT_KINDS[p.type] ?? p.type), n(p.purchases), money(p.revenue, p.currency), s(p.currency)]),
      };
    case 'codes':
      return {
        title: 'Per tracking code',
        columns: [txt('Code'), num('Visitors'), num('Video views'), num('Purchases'), num('Revenue'), txt('Currency')],
        rows: report.codes.map((c) => [s(c.trk), n(c.visitors), n(c.views), n(c.purchases), money(c.revenue, c.currency), s(c.currency ?? '')]),
      };
    case 'funnel': {
      const f = report.funnel;
      const steps = [
        ['Read a game’s page', f.event_page],
        ['Looked at an offer', f.offer],
        ['Went to checkout', f.checkout],
        ['Paid', f.paid],
      ] as const;
      return {
        title: 'From a game to a purchase',
        columns: [txt('Step'), num('Count'), num('Of the first step')],
        rows: steps.map(([label, value]) => [s(label), n(value), rate(value, f.event_page)]),
      };
    }
    case 'prerolls':
      return {
        title: 'Pre-roll ads',
        columns: [txt('Pre-roll'), num('Impressions'), num('Completions'), num('Skips'), num('Clicks'), num('Completion rate')],
        rows: report.prerolls.map((p) => [s(p.label), n(p.impressions), n(p.completions), n(p.skips), n(p.clicks), rate(p.completions, p.impressions)]),
      };
  }
}

const PRODUCT_KINDS: Record<string, string> = { event: 'Single game', package: 'Pass', subscription: 'Subscription', bundle: 'Pass' };

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text a spreadsheet
 *  would run as a formula (=, +, -, @, tab, CR first) is kept as text with a leading apostrophe. */
export function csvField(value: number | string): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A table as CSV: a header row, then one line per row, CRLF-ended (as RFC 4180 writes it). */
export function tableCsv(table: Table): string {
  const lines = [table.columns.map((c) => csvField(c.label)), ...table.rows.map((row) => row.map((cell) => csvField(cell.value)))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}

/** A CSV file's name: `report-games-2026-03-01-to-2026-03-28.csv`. */
export const csvFileName = (table: ReportTable, from: string, to: string) => `report-${table}-${from}-to-${to}.csv`;

/** The totals the report opens with. */
export function reportTotals(report: Report) {
  const sum = (pick: (d: Report['days'][number]) => number) => report.days.reduce((total, d) => total + pick(d), 0);
  const revenue = new Map<string, number>();
  for (const p of report.products) revenue.set(p.currency, (revenue.get(p.currency) ?? 0) + p.revenue);
  return {
    pageViews: sum((d) => d.page_views),
    views: sum((d) => d.views),
    minutes: sum((d) => d.minutes),
    peak: Math.max(0, ...report.days.map((d) => d.peak_viewers)),
    purchases: report.products.reduce((total, p) => total + p.purchases, 0),
    revenue: [...revenue].map(([currency, minor]) => formatMoney(minor, currency)),
  };
}

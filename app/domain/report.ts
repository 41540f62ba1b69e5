import { formatWeekDay, isoDay } from '#contract/dates';
import { intlLocale, type Locale } from '#contract/locale';
import { currencyDigits, formatMoney } from '#contract/money';
import { REPORT_DEFAULT_DAYS, type Report } from '#contract/report';
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import type { MessageId } from '~/i18n/messages';

/* The operator's report as the page and the CSV files show it (issue 35, ADR 052): the range a
   report covers, and each table's columns, written once for both in the operator's language
   (issue 36, ADR 055: the translator is a parameter, English by default). The CSV's values stay
   machine-readable whatever the language: ISO days, decimals with a dot. */

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` days of the channel's calendar, today included. */
export function lastDays(days: number, now: number, timeZone: string): { from: string; to: string } {
  const to = isoDay(Math.floor(now / 1000), timeZone);
  return { from: shift(to, -(days - 1)), to };
}

/** The ranges offered as one-click links beside the form, in days. */
export const PRESETS = [7, REPORT_DEFAULT_DAYS, 90] as const;

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

/* An Intl.NumberFormat costs far more to build than to use: one per locale and style. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, style: 'decimal' | 'percent'): Intl.NumberFormat {
  const key = `${locale} ${style}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), { style, maximumFractionDigits: 0 })));
  return format;
}

/** A count as the operator reads it: '1,200' ('1 200' in French, with a narrow no-break space). */
export const formatNumber = (value: number, locale: Locale): string => numberFormat(locale, 'decimal').format(value);

/** The translator a table is written with: its words and its locale. */
type Words = Pick<AppTranslator, 't' | 'locale'>;

const s = (text: string): Cell => ({ text, value: text });

/** A day as the table writes it: 'Tue, Mar 10' ('mar. 10 mars'). */
export function dayLabel(day: string, locale: Locale = 'en'): string {
  return formatWeekDay(`${day}T12:00:00Z`, 'UTC', locale);
}

/** One table of the report, its columns and rows as the page shows them and the CSV writes them. */
export function reportTable(report: Report, table: ReportTable, { t, locale }: Words = ENGLISH): Table {
  const n = (value: number): Cell => ({ text: formatNumber(value, locale), value });
  /** An amount: written with its currency on the page, as a decimal number in the CSV. */
  const money = (minor: number, currency: string | null): Cell => ({
    text: currency ? formatMoney(minor, currency, locale) : '—',
    value: currency ? (minor / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency)) : '0',
  });
  const rate = (part: number, whole: number): Cell =>
    whole > 0 ? { text: numberFormat(locale, 'percent').format(part / whole), value: (part / whole).toFixed(3) } : { text: '—', value: '' };
  /** A column headed by a message: a figure's or a text's. */
  const num = (id: MessageId) => ({ label: t(id), numeric: true });
  const txt = (id: MessageId) => ({ label: t(id), numeric: false });
  switch (table) {
    case 'days':
      return {
        title: t('report.table.days'),
        columns: [
          txt('report.day'),
          num('report.pageViews'),
          num('report.visitors'),
          num('report.views'),
          num('report.viewers'),
          num('report.minutes'),
          num('report.peak'),
        ],
        rows: report.days.map((d) => [
          { text: dayLabel(d.day, locale), value: d.day },
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
        title: t('report.table.games'),
        columns: [txt('report.game'), num('report.views'), num('report.viewers'), num('report.minutes'), num('report.peak')],
        rows: report.games.map((g) => [s(g.name), n(g.views), n(g.viewers), n(g.minutes), n(g.peak_viewers)]),
      };
    case 'products':
      return {
        title: t('report.table.products'),
        columns: [txt('report.product'), txt('report.kind'), num('report.purchases'), num('report.revenue'), txt('report.currency')],
        rows: report.products.map((p) => [s(p.product), s(productKind(p.type, t)), n(p.purchases), money(p.revenue, p.currency), s(p.currency)]),
      };
    case 'codes':
      return {
        title: t('report.table.codes'),
        columns: [txt('report.code'), num('report.visitors'), num('report.videoViews'), num('report.purchases'), num('report.revenue'), txt('report.currency')],
        rows: report.codes.map((c) => [s(c.trk), n(c.visitors), n(c.views), n(c.purchases), money(c.revenue, c.currency), s(c.currency ?? '')]),
      };
    case 'funnel': {
      const f = report.funnel;
      return {
        title: t('report.table.funnel'),
        columns: [txt('report.step'), num('report.count'), num('report.ofFirstStep')],
        rows: funnelSteps(report, t).map(([label, value]) => [s(label), n(value), rate(value, f.event_page)]),
      };
    }
    case 'prerolls':
      return {
        title: t('report.table.prerolls'),
        columns: [
          txt('report.preroll'),
          num('report.impressions'),
          num('report.completions'),
          num('report.skips'),
          num('report.clicks'),
          num('report.completionRate'),
        ],
        rows: report.prerolls.map((p) => [s(p.label), n(p.impressions), n(p.completions), n(p.skips), n(p.clicks), rate(p.completions, p.impressions)]),
      };
  }
}

/** The way from a game to a purchase: each step's words and count (the table's rows, the chart's bars). */
export function funnelSteps(report: Report, t: Words['t'] = ENGLISH.t): [string, number][] {
  const f = report.funnel;
  return [
    [t('report.step.eventPage'), f.event_page],
    [t('report.step.offer'), f.offer],
    [t('report.step.checkout'), f.checkout],
    [t('report.step.paid'), f.paid],
  ];
}

/** A product's kind in words; a kind the report does not know is written as the channel sends it. */
function productKind(type: string, t: Words['t']): string {
  if (type === 'event') return t('report.kind.event');
  if (type === 'package' || type === 'bundle') return t('report.kind.pass');
  if (type === 'subscription') return t('report.kind.subscription');
  return type;
}

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

/** The totals the report opens with: counts, and the revenue written per currency. */
export function reportTotals(report: Report, locale: Locale = 'en') {
  const sum = (pick: (d: Report['days'][number]) => number) => report.days.reduce((total, d) => total + pick(d), 0);
  const revenue = new Map<string, number>();
  for (const p of report.products) revenue.set(p.currency, (revenue.get(p.currency) ?? 0) + p.revenue);
  return {
    pageViews: sum((d) => d.page_views),
    views: sum((d) => d.views),
    minutes: sum((d) => d.minutes),
    peak: Math.max(0, ...report.days.map((d) => d.peak_viewers)),
    purchases: report.products.reduce((total, p) => total + p.purchases, 0),
    revenue: [...revenue].map(([currency, minor]) => formatMoney(minor, currency, locale)),
  };
}

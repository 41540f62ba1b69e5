import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { api, REPORT_DEFAULT_DAYS, reportRange } from '#contract';
import { formatLongDate } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { FieldErrors } from '~/components/form/FieldErrors';
import { pageMeta } from '~/domain/page-meta';
import { formatNumber, lastDays, PRESETS, REPORT_TABLES, reportTable, reportTotals, type ReportTable, type Table } from '~/domain/report';
import { notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import { reportCharts } from '~/loaders/report-charts.server';
import formsCss from '~/styles/forms.css';
import reportCss from '~/styles/report.css';

/* /operator/report (issue 35, ADR 052): the channel's numbers for its operators — viewing per day
   and per game, sales per product and per tracking code, the way from a game to a purchase, the
   pre-roll ads — over a range of days in the channel's zone, chosen by a plain GET form. Charts are
   SVG drawn on the server; every table is also a CSV file. Anyone but an operator (a visitor, a
   fan) finds nothing here: the page does not exist for them (/404), as the channel says. */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: reportCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Channel report', 'Viewing, sales and ads of the channel.');

export async function loader(args: LoaderFunctionArgs) {
  const { channel, session } = requestContext(args);
  if (!(await session.user())) throw notFound();
  const [timeZone, i18n] = await Promise.all([channel.timeZone(), i18nOf(args)]);
  const query = new URL(args.request.url).searchParams;
  const asked = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  const range = asked.from || asked.to ? reportRange.safeParse(asked) : { success: true as const, data: lastDays(REPORT_DEFAULT_DAYS, Date.now(), timeZone) };
  if (!range.success) {
    // The form again with what was typed and why it is not a range; the channel is not asked.
    const errors = range.error.flatten().fieldErrors as Partial<Record<'from' | 'to', string[]>>;
    // Whether this fan is an operator is the channel's to say: asked for a day it answers quickly.
    const today = lastDays(1, Date.now(), timeZone);
    await channel.asUser(api.operatorReport, today);
    return json({ asked, errors, presets: presetsOf(timeZone), report: null, charts: null, tables: null, totals: null, title: null }, { status: 400 });
  }
  const { data: report } = await channel.asUser(api.operatorReport, range.data);
  const day = (iso: string) => formatLongDate(`${iso}T12:00:00Z`, 'UTC', i18n.locale);
  return json({
    asked: range.data,
    errors: null,
    presets: presetsOf(timeZone),
    report: { from: report.from, to: report.to, timeZone: report.time_zone, stream: report.stream, hasPrerolls: report.prerolls.length > 0 },
    title: `${day(report.from)} – ${day(report.to)}`,
    totals: reportTotals(report, i18n.locale),
    tables: Object.fromEntries(REPORT_TABLES.map((t) => [t, reportTable(report, t, i18n)])) as Record<ReportTable, Table>,
    charts: reportCharts(report, i18n),
  });
}

/** The one-click ranges, ending today in the channel's zone. */
const presetsOf = (timeZone: string) => PRESETS.map((days) => ({ days, href: `?${new URLSearchParams(lastDays(days, Date.now(), timeZone))}` }));

/** The range form's two days. */
const RANGE_FIELDS = [
  { name: 'from', label: 'report.from' },
  { name: 'to', label: 'report.to' },
] as const;

/** A part of the page: its heading, its chart, its table (by name), what it says when it is empty. */
interface Part {
  id: string;
  heading: string;
  chart: string | null;
  table: ReportTable;
  empty?: string;
}

export default function OperatorReport() {
  const { asked, errors, presets, report, title, totals, tables, charts } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  const busy = useNavigation().state === 'loading';
  const csv = (table: ReportTable) => `/operator/report.csv?${new URLSearchParams({ table, from: asked.from, to: asked.to })}`;
  const count = (value: number) => formatNumber(value, locale);
  const parts: Part[] =
    report && charts
      ? [
          { id: 'viewing', heading: t('report.viewing'), chart: charts.minutes, table: 'days' },
          { id: 'games', heading: t('report.games'), chart: charts.games, table: 'games', empty: t('report.empty.games') },
          { id: 'sales', heading: t('report.sales'), chart: charts.products, table: 'products', empty: t('report.empty.sales') },
          { id: 'codes', heading: t('report.codes'), chart: null, table: 'codes', empty: t('report.empty.codes') },
          { id: 'funnel', heading: t('report.table.funnel'), chart: charts.funnel, table: 'funnel' },
          {
            id: 'prerolls',
            heading: t('report.table.prerolls'),
            chart: charts.prerolls,
            table: 'prerolls',
            empty: report.hasPrerolls ? '' : t('report.empty.prerolls'),
          },
        ]
      : [];
  return (
    <div className="page report" aria-busy={busy || undefined}>
      <h1>{t('report.title')}</h1>
      <Form method="get" className="report__range" aria-label={t('report.range')}>
        {RANGE_FIELDS.map(({ name, label }) => (
          <div className="field" key={name}>
            <label htmlFor={`report-${name}`}>{t(label)}</label>
            <input
              id={`report-${name}`}
              type="date"
              name={name}
              defaultValue={asked[name]}
              required
              aria-invalid={errors?.[name] ? true : undefined}
              aria-describedby={`report-${name}-error`}
            />
            <FieldErrors id={`report-${name}-error`} errors={errors?.[name]} />
          </div>
        ))}
        <button type="submit" className="button">
          {busy ? t('report.showing') : t('report.show')}
        </button>
        <p className="report__presets">
          {presets.map((p) => (
            <Link key={p.days} to={p.href} className="report__preset">
              {t('report.lastDays', { days: p.days })}
            </Link>
          ))}
        </p>
      </Form>
      {report && totals && tables && charts ? (
        <>
          <p className="report__range-said">
            {report.stream
              ? t('report.said.stream', { range: title, zone: report.timeZone, stream: report.stream })
              : t('report.said', { range: title, zone: report.timeZone })}
          </p>
          <dl className="report__totals">
            <Total label={t('report.pageViews')} value={count(totals.pageViews)} />
            <Total label={t('report.videoViews')} value={count(totals.views)} />
            <Total label={t('report.minutes')} value={count(totals.minutes)} />
            <Total label={t('report.mostAtOnce')} value={count(totals.peak)} />
            <Total label={t('report.purchases')} value={count(totals.purchases)} />
            <Total label={t('report.revenue')} value={totals.revenue.length ? totals.revenue.join(' + ') : formatMoney(0, null, locale)} />
          </dl>

          {parts.map(({ table, ...part }) => (
            <Section key={part.id} {...part} table={tables[table]} csv={csv(table)} />
          ))}
        </>
      ) : null}
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="report__total">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A part of the report: its chart, its table (open for a table of a few rows), its CSV. */
function Section({ id, heading, chart, table, csv, empty }: { id: string; heading: string; chart: string | null; table: Table; csv: string; empty?: string }) {
  const { t } = useI18n();
  const headingId = `${id}-heading`;
  return (
    <section className="report__section" aria-labelledby={headingId}>
      <div className="report__section-head">
        <h2 id={headingId}>{heading}</h2>
        <a className="report__csv" href={csv} download>
          CSV<span className="sr-only"> {t('report.csvOf', { table: table.title.toLowerCase() })}</span>
        </a>
      </div>
      {table.rows.length === 0 && empty ? <p className="report__empty">{empty}</p> : null}
      {chart ? (
        // The server's own SVG (report-charts.server.tsx): no channel text is set as markup.
        <section className="report__chart" aria-label={t('report.chartOf', { part: heading })} tabIndex={0} dangerouslySetInnerHTML={{ __html: chart }} />
      ) : null}
      {table.rows.length > 0 ? (
        <details className="report__table" open={table.rows.length <= 10}>
          <summary>{t('report.figures', { table: table.title })}</summary>
          <section className="report__scroll" aria-label={t('report.tableOf', { table: table.title })} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cell.text}
                        </th>
                      ) : (
                        <td key={i} className={table.columns[i].numeric ? 'num' : undefined}>
                          {cell.text}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </details>
      ) : null}
    </section>
  );
}

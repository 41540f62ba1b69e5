import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { api, REPORT_DEFAULT_DAYS, reportRange, type Report } from '#contract';
import { formatLongDate } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { FieldErrors } from '~/components/form/FieldErrors';
import { pageMeta } from '~/domain/page-meta';
import { dayLabel, lastDays, PRESETS, reportTable, reportTotals, type ReportTable, type Table } from '~/domain/report';
import { notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import { barChart, columnChart } from '~/loaders/report-charts.server';
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
  const timeZone = await channel.timeZone();
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
  return json({
    asked: range.data,
    errors: null,
    presets: presetsOf(timeZone),
    report: { from: report.from, to: report.to, timeZone: report.time_zone, stream: report.stream, hasPrerolls: report.prerolls.length > 0 },
    title: `${formatLongDate(`${report.from}T12:00:00Z`, 'UTC')} – ${formatLongDate(`${report.to}T12:00:00Z`, 'UTC')}`,
    totals: reportTotals(report),
    tables: Object.fromEntries((['days', 'games', 'products', 'codes', 'funnel', 'prerolls'] as const).map((t) => [t, reportTable(report, t)])) as Record<
      ReportTable,
      Table
    >,
    charts: chartsOf(report),
  });
}

/** The one-click ranges, ending today in the channel's zone. */
const presetsOf = (timeZone: string) => PRESETS.map((p) => ({ label: p.label, href: `?${new URLSearchParams(lastDays(p.days, Date.now(), timeZone))}` }));

/** The report's pictures, each with words for those who do not see it. */
function chartsOf(report: Report) {
  const busiest = [...report.days].sort((a, b) => b.minutes - a.minutes)[0];
  const games = report.games.slice(0, 10);
  const f = report.funnel;
  return {
    minutes: columnChart(
      {
        id: 'chart-minutes',
        title: 'Minutes watched per day',
        description: busiest?.minutes
          ? `${report.days.reduce((t, d) => t + d.minutes, 0).toLocaleString('en-US')} minutes in all; the most on ${dayLabel(busiest.day)}: ${busiest.minutes.toLocaleString('en-US')}.`
          : 'Nothing was watched in these days.',
      },
      report.days.map((d) => ({ label: d.day, short: shortDay(d.day), value: d.minutes })),
    ),
    games: games.length
      ? barChart(
          {
            id: 'chart-games',
            title: 'Most watched games (minutes)',
            description: games
              .slice(0, 3)
              .map((g) => `${g.name}: ${g.minutes.toLocaleString('en-US')} minutes`)
              .join('; '),
          },
          ['Minutes watched'],
          games.map((g) => ({ label: g.name, values: [g.minutes] })),
        )
      : null,
    products: report.products.length
      ? barChart(
          {
            id: 'chart-products',
            title: 'Revenue per product',
            description: report.products
              .slice(0, 3)
              .map((p) => `${p.product}: ${formatMoney(p.revenue, p.currency)} from ${p.purchases} ${p.purchases === 1 ? 'purchase' : 'purchases'}`)
              .join('; '),
          },
          ['Revenue'],
          report.products.slice(0, 10).map((p) => ({ label: p.product, values: [p.revenue], written: [formatMoney(p.revenue, p.currency)] })),
        )
      : null,
    funnel: barChart(
      {
        id: 'chart-funnel',
        title: 'From a game to a purchase',
        description: `${f.event_page} read a game’s page, ${f.offer} looked at an offer, ${f.checkout} went to checkout, ${f.paid} paid.`,
      },
      ['Count'],
      [
        { label: 'Read a game’s page', values: [f.event_page] },
        { label: 'Looked at an offer', values: [f.offer] },
        { label: 'Went to checkout', values: [f.checkout] },
        { label: 'Paid', values: [f.paid] },
      ],
    ),
    prerolls: report.prerolls.length
      ? barChart(
          {
            id: 'chart-prerolls',
            title: 'Pre-roll ads: shown, watched to the end, skipped',
            description: report.prerolls.map((p) => `${p.label}: ${p.impressions} shown, ${p.completions} watched to the end, ${p.skips} skipped`).join('; '),
          },
          ['Shown', 'Completed', 'Skipped'],
          report.prerolls.map((p) => ({ label: p.label, values: [p.impressions, p.completions, p.skips] })),
        )
      : null,
  };
}

/** The range form's two days. */
const RANGE_FIELDS = [
  { name: 'from', label: 'First day' },
  { name: 'to', label: 'Last day' },
] as const;

/** A day under its column: '3/10'. */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

export default function OperatorReport() {
  const { asked, errors, presets, report, title, totals, tables, charts } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === 'loading';
  const csv = (table: ReportTable) => `/operator/report.csv?${new URLSearchParams({ table, from: asked.from, to: asked.to })}`;
  return (
    <div className="page report" aria-busy={busy || undefined}>
      <h1>Channel report</h1>
      <Form method="get" className="report__range" aria-label="Days of the report">
        {RANGE_FIELDS.map(({ name, label }) => (
          <div className="field" key={name}>
            <label htmlFor={`report-${name}`}>{label}</label>
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
          {busy ? 'Showing…' : 'Show'}
        </button>
        <p className="report__presets">
          {presets.map((p) => (
            <Link key={p.label} to={p.href} className="report__preset">
              {p.label}
            </Link>
          ))}
        </p>
      </Form>
      {report && totals && tables && charts ? (
        <>
          <p className="report__range-said">
            {title} · days in the channel’s time zone ({report.timeZone}){report.stream ? ` · analytics stream ${report.stream}` : null}
          </p>
          <dl className="report__totals">
            <Total label="Page views" value={totals.pageViews.toLocaleString('en-US')} />
            <Total label="Video views" value={totals.views.toLocaleString('en-US')} />
            <Total label="Minutes watched" value={totals.minutes.toLocaleString('en-US')} />
            <Total label="Most viewers at once" value={totals.peak.toLocaleString('en-US')} />
            <Total label="Purchases" value={totals.purchases.toLocaleString('en-US')} />
            <Total label="Revenue" value={totals.revenue.length ? totals.revenue.join(' + ') : formatMoney(0)} />
          </dl>

          <Section id="viewing" heading="Viewing" chart={charts.minutes} table={tables.days} csv={csv('days')} />
          <Section id="games" heading="Games" chart={charts.games} table={tables.games} csv={csv('games')} empty="No game was watched in these days." />
          <Section id="sales" heading="Sales" chart={charts.products} table={tables.products} csv={csv('products')} empty="Nothing was sold in these days." />
          <Section
            id="codes"
            heading="Tracking codes"
            chart={null}
            table={tables.codes}
            csv={csv('codes')}
            empty="No visitor came with a tracking code (?trk=) in these days."
          />
          <Section id="funnel" heading="From a game to a purchase" chart={charts.funnel} table={tables.funnel} csv={csv('funnel')} />
          <Section
            id="prerolls"
            heading="Pre-roll ads"
            chart={charts.prerolls}
            table={tables.prerolls}
            csv={csv('prerolls')}
            empty={report.hasPrerolls ? '' : 'No pre-roll was shown in these days.'}
          />
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
  const headingId = `${id}-heading`;
  return (
    <section className="report__section" aria-labelledby={headingId}>
      <div className="report__section-head">
        <h2 id={headingId}>{heading}</h2>
        <a className="report__csv" href={csv} download>
          CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </a>
      </div>
      {table.rows.length === 0 && empty ? <p className="report__empty">{empty}</p> : null}
      {chart ? (
        // The server's own SVG (report-charts.server.tsx): no channel text is set as markup.
        <section className="report__chart" aria-label={`${heading}: chart`} tabIndex={0} dangerouslySetInnerHTML={{ __html: chart }} />
      ) : null}
      {table.rows.length > 0 ? (
        <details className="report__table" open={table.rows.length <= 10}>
          <summary>{table.title}: the figures</summary>
          <section className="report__scroll" aria-label={`${table.title}: table`} tabIndex={0}>
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

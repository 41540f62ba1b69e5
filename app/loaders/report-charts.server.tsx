import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatNumericDay } from '#contract/dates';
import type { Locale } from '#contract/locale';
import { formatMoney } from '#contract/money';
import type { Report } from '#contract/report';
import { dayLabel, formatNumber, funnelSteps } from '~/domain/report';
import type { AppTranslator } from '~/i18n/english';

/* The report's charts (ADR 052), drawn on the server with visx into SVG markup the page embeds:
   they show without JavaScript and ship none. Each is an image with a title and a description
   that says what it shows and its highest figures; the table beside it holds every figure. The
   bars are the channel's accent colour with each figure written beside it (when they fit), the
   text in the page's text colour. Their words and figures are in the operator's language (issue
   36, ADR 055): `reportCharts` takes the translator. */

const FONT = 12;

export interface ChartText {
  /** The chart's id prefix (unique on the page). */
  id: string;
  title: string;
  /** What a reader of the picture learns: its highest figures, in words. */
  description: string;
  /** The language its figures are written in (the operator's). */
  locale: Locale;
}

type Size = 'wide' | 'narrow';

/** A chart drawn twice: for a wide screen, and for a phone (CSS shows one: report.css), each at
 *  its own size so its text stays 12 px. */
const bothSizes = (text: ChartText, draw: (text: ChartText, size: Size) => string) => draw(text, 'wide') + draw({ ...text, id: `${text.id}-narrow` }, 'narrow');

/** The report's pictures, each with words for those who do not see it, in the operator's language. */
export function reportCharts(report: Report, { t, locale }: Pick<AppTranslator, 't' | 'locale'>) {
  const busiest = [...report.days].sort((a, b) => b.minutes - a.minutes)[0];
  const games = report.games.slice(0, 10);
  const f = report.funnel;
  const count = (value: number) => formatNumber(value, locale);
  return {
    minutes: columnChart(
      {
        id: 'chart-minutes',
        title: t('report.chart.minutes'),
        description: busiest?.minutes
          ? t('report.chart.minutes.d', {
              total: count(report.days.reduce((total, d) => total + d.minutes, 0)),
              day: dayLabel(busiest.day, locale),
              most: count(busiest.minutes),
            })
          : t('report.chart.minutes.none'),
        locale,
      },
      report.days.map((d) => ({ label: d.day, short: formatNumericDay(`${d.day}T12:00:00Z`, 'UTC', locale), value: d.minutes })),
    ),
    games: games.length
      ? barChart(
          {
            id: 'chart-games',
            title: t('report.chart.games'),
            description: games
              .slice(0, 3)
              .map((g) => t('report.chart.games.item', { name: g.name, minutes: count(g.minutes) }))
              .join(t('report.chart.separator')),
            locale,
          },
          [t('report.minutes')],
          games.map((g) => ({ label: g.name, values: [g.minutes] })),
        )
      : null,
    products: report.products.length
      ? barChart(
          {
            id: 'chart-products',
            title: t('report.chart.products'),
            description: report.products
              .slice(0, 3)
              .map((p) => t('report.chart.products.item', { product: p.product, revenue: formatMoney(p.revenue, p.currency, locale), count: p.purchases }))
              .join(t('report.chart.separator')),
            locale,
          },
          [t('report.revenue')],
          report.products.slice(0, 10).map((p) => ({ label: p.product, values: [p.revenue], written: [formatMoney(p.revenue, p.currency, locale)] })),
        )
      : null,
    funnel: barChart(
      {
        id: 'chart-funnel',
        title: t('report.table.funnel'),
        description: t('report.chart.funnel.d', { eventPage: count(f.event_page), offer: count(f.offer), checkout: count(f.checkout), paid: count(f.paid) }),
        locale,
      },
      [t('report.count')],
      funnelSteps(report, t).map(([label, value]) => ({ label, values: [value] })),
    ),
    prerolls: report.prerolls.length
      ? barChart(
          {
            id: 'chart-prerolls',
            title: t('report.chart.prerolls'),
            description: report.prerolls
              .map((p) =>
                t('report.chart.prerolls.item', { label: p.label, shown: count(p.impressions), completed: count(p.completions), skipped: count(p.skips) }),
              )
              .join(t('report.chart.separator')),
            locale,
          },
          [t('report.series.shown'), t('report.series.completed'), t('report.series.skipped')],
          report.prerolls.map((p) => ({ label: p.label, values: [p.impressions, p.completions, p.skips] })),
        )
      : null,
  };
}

/** Bars over days (a column per day), the figure above each when they fit. */
export function columnChart(text: ChartText, points: { label: string; short: string; value: number }[]): string {
  return bothSizes(text, (t, size) => columns(t, points, size));
}

function columns(text: ChartText, points: { label: string; short: string; value: number }[], size: Size): string {
  const width = size === 'narrow' ? 310 : Math.max(880, points.length * 6 + 60);
  const height = 240;
  const margin = { top: 24, right: 12, bottom: 36, left: 48 };
  const inner = { width: width - margin.left - margin.right, height: height - margin.top - margin.bottom };
  const x = scaleBand({ domain: points.map((p) => p.label), range: [0, inner.width], padding: 0.2 });
  // Whole numbers: at least 0 to 4, so an empty range has ticks of 1, not 0.2.
  const top = Math.max(4, ...points.map((p) => p.value));
  const y = scaleLinear({ domain: [0, top], range: [inner.height, 0], nice: true });
  const yTicks = y.ticks(4).filter(Number.isInteger);
  const every = Math.ceil(points.length / (size === 'narrow' ? 5 : 14));
  const labelled = points.length <= (size === 'narrow' ? 10 : 31);
  const ticks = points.filter((_, i) => i % every === 0).map((p) => p.label);
  const shortOf = new Map(points.map((p) => [p.label, p.short]));
  return svg(
    text,
    size,
    width,
    height,
    <Group left={margin.left} top={margin.top}>
      {yTicks.map((t) => (
        <line key={t} className="chart__grid" x1={0} x2={inner.width} y1={y(t)} y2={y(t)} />
      ))}
      {points.map((p) => {
        const barX = x(p.label) ?? 0;
        const barY = y(p.value);
        return (
          <g key={p.label}>
            <Bar className="chart__bar" x={barX} y={barY} width={x.bandwidth()} height={inner.height - barY} />
            {labelled && p.value > 0 ? (
              <text className="chart__value" x={barX + x.bandwidth() / 2} y={barY - 4} textAnchor="middle" fontSize={FONT - 2}>
                {formatNumber(p.value, text.locale)}
              </text>
            ) : null}
          </g>
        );
      })}
      <AxisLeft
        scale={y}
        tickValues={yTicks}
        tickFormat={(v) => formatNumber(Number(v), text.locale)}
        axisClassName="chart__axis"
        tickLabelProps={tickLabel('end')}
      />
      <AxisBottom
        top={inner.height}
        scale={x}
        tickValues={ticks}
        tickFormat={(v) => shortOf.get(String(v)) ?? String(v)}
        axisClassName="chart__axis"
        tickLabelProps={tickLabel('middle')}
      />
    </Group>,
  );
}

/** Horizontal bars, one group per row (a series per bar in it), each figure written after its bar;
 *  on a phone each row's label stands above its bars. */
export function barChart(text: ChartText, series: readonly string[], rows: { label: string; values: number[]; written?: string[] }[]): string {
  return bothSizes(text, (t, size) => bars(t, series, rows, size));
}

function bars(text: ChartText, series: readonly string[], rows: { label: string; values: number[]; written?: string[] }[], size: Size): string {
  const narrow = size === 'narrow';
  const width = narrow ? 310 : 720;
  const labelWidth = narrow ? 0 : 240;
  const labelHeight = narrow ? 18 : 0;
  const barHeight = 18;
  const groupHeight = labelHeight + series.length * barHeight + 14;
  const legend = series.length > 1 ? 28 : 0;
  const height = legend + rows.length * groupHeight + 8;
  const inner = width - labelWidth - 90;
  const top = Math.max(1, ...rows.flatMap((r) => r.values));
  const x = scaleLinear({ domain: [0, top], range: [0, inner] });
  const barsLeft = narrow ? 0 : labelWidth;
  return svg(
    text,
    size,
    width,
    height,
    <>
      {series.length > 1 ? (
        <Group top={4} left={narrow ? 0 : 8}>
          {series.map((name, i) => (
            <g key={name} transform={`translate(${i * (narrow ? 100 : 120)}, 0)`}>
              <rect className={`chart__bar chart__bar--${i}`} width={14} height={14} />
              <text className="chart__label" x={20} y={12} fontSize={FONT}>
                {name}
              </text>
            </g>
          ))}
        </Group>
      ) : null}
      {rows.map((row, r) => (
        <Group key={`${row.label}-${r}`} top={legend + r * groupHeight}>
          {narrow ? (
            <text className="chart__label" x={0} y={13} fontSize={FONT}>
              {row.label.length > 44 ? `${row.label.slice(0, 43)}…` : row.label}
            </text>
          ) : (
            <text className="chart__label" x={labelWidth - 8} y={groupHeight / 2 + 4} textAnchor="end" fontSize={FONT}>
              {lines(row.label, 30).map((line, i, all) => (
                <tspan key={i} x={labelWidth - 8} dy={i === 0 ? (all.length - 1) * -7 : 14}>
                  {line}
                </tspan>
              ))}
            </text>
          )}
          {row.values.map((value, i) => (
            <g key={series[i]}>
              <Bar
                className={`chart__bar chart__bar--${i}`}
                x={barsLeft}
                y={labelHeight + 7 + i * barHeight}
                width={Math.max(value > 0 ? 2 : 0, x(value))}
                height={barHeight - 4}
              />
              <text className="chart__value" x={barsLeft + x(value) + 6} y={labelHeight + 7 + i * barHeight + barHeight - 8} fontSize={FONT}>
                {row.written?.[i] ?? formatNumber(value, text.locale)}
              </text>
            </g>
          ))}
        </Group>
      ))}
    </>,
  );
}

const tickLabel = (textAnchor: 'end' | 'middle') => () => ({ className: 'chart__label', fontSize: FONT - 1, textAnchor, fill: undefined });

/** A label in at most two lines of `max` characters, broken at a space; what does not fit ends in '…'. */
function lines(label: string, max: number): string[] {
  if (label.length <= max) return [label];
  const cut = label.lastIndexOf(' ', max);
  const first = cut > max / 2 ? label.slice(0, cut) : label.slice(0, max);
  const rest = label.slice(first.length).trim();
  return [first, rest.length > max ? `${rest.slice(0, max - 1)}…` : rest];
}

function svg(text: ChartText, size: Size, width: number, height: number, body: JSX.Element): string {
  return renderToStaticMarkup(
    <svg
      className={`chart chart--${size}`}
      role="img"
      aria-labelledby={`${text.id}-title ${text.id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${text.id}-title`}>{text.title}</title>
      <desc id={`${text.id}-desc`}>{text.description}</desc>
      {body}
    </svg>,
  );
}

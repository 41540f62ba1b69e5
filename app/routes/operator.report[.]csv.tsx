import type { LoaderFunctionArgs } from '@remix-run/node';
import { api, reportRange } from '#contract';
import { csvFileName, isReportTable, reportTable, tableCsv } from '~/domain/report';
import { notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import { refused } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';

/* /operator/report.csv?table=<days|games|products|codes|funnel|prerolls>&from=…&to=… (issue 35, ADR
   052): one table of the operator's report as a CSV file, the same columns and figures as on the
   page (domain/report.ts), its header row in the operator's language, its values machine-readable
   (ISO days, decimals with a dot). An operator's only: anyone else finds nothing (/404). */

export async function loader(args: LoaderFunctionArgs) {
  const { channel, session } = requestContext(args);
  if (!(await session.user())) throw notFound();
  const query = new URL(args.request.url).searchParams;
  const table = query.get('table');
  const range = reportRange.safeParse({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
  // The channel says whether this is an operator before anything else is said.
  const { data: report } = await channel.asUser(api.operatorReport, range.success ? range.data : { from: '2000-01-01', to: '2000-01-01' });
  if (!isReportTable(table)) throw notFound();
  const i18n = await i18nOf(args);
  if (!range.success) throw refused(400, i18n.t('report.csv.badRange'));
  return new Response(tableCsv(reportTable(report, table, i18n)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(table, report.from, report.to)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

import type { Report, ReportRange } from '../../contract/report.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { timeZoneOf } from '../repo/content.ts';
import { gameNamesOf } from '../repo/events.ts';
import { reportCodes, reportDays, reportFunnel, reportGames, reportPrerolls, reportProducts } from '../repo/report.ts';

/* The operator's report (ADR 052): an operator's key only; anyone else is told there is nothing
   here, as for a page that does not exist. */

/** What the report calls a pre-roll: its number and where its link goes. */
export function prerollLabel(preroll: { id: number; link: string | null } | undefined, id: number): string {
  if (!preroll) return `Pre-roll ${id} (removed)`;
  const host = preroll.link && URL.canParse(preroll.link) ? new URL(preroll.link).host : undefined;
  return host ? `Pre-roll ${id} (${host})` : `Pre-roll ${id}`;
}

export async function operatorReport(deps: Pick<Deps, 'db' | 'prerolls'>, caller: Pick<Caller, 'channel' | 'user'>, range: ReportRange): Promise<Report> {
  if (caller.user?.role !== 'operator') throw notFound();
  const scope = { channelId: caller.channel.id, from: range.from, to: range.to, timeZone: timeZoneOf(caller.channel) };
  const [days, games, products, codes, funnel, prerolls] = await Promise.all([
    reportDays(deps.db, scope),
    reportGames(deps.db, scope),
    reportProducts(deps.db, scope),
    reportCodes(deps.db, scope),
    reportFunnel(deps.db, scope),
    reportPrerolls(deps.db, scope),
  ]);
  const names = await gameNamesOf(
    deps.db,
    games.map((g) => g.event_id),
  );
  const known = (await deps.prerolls.list(caller.channel.id)).prerolls;
  return {
    from: range.from,
    to: range.to,
    time_zone: scope.timeZone,
    stream: caller.channel.settings['yare-analytics'] ?? null,
    days,
    games: games.map((g) => ({ ...g, name: names.get(g.event_id) ?? `Game ${g.event_id} (removed)` })),
    products,
    codes,
    funnel,
    prerolls: prerolls.map((p) => ({
      ...p,
      label: prerollLabel(
        known.find((k) => k.id === p.preroll_id),
        p.preroll_id,
      ),
    })),
  };
}

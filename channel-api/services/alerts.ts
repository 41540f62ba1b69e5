import { accessTypeOf } from '../../contract/access.ts';
import { gameName } from '../../contract/game-name.ts';
import type { AlertKind } from '../../contract/index.ts';
import { hasAccess, watchable } from '../access.ts';
import type { Deps } from '../deps.ts';
import { accountLocale } from '../mail/account-locale.ts';
import { alertListId } from '../mail/alert-templates.ts';
import { defineQueue } from '../queue/job-queue.ts';
import { alertsDue, claimAlertMail, markAlertMailSent, releaseAlertMail, type DueAlert } from '../repo/alerts.ts';
import { channelById } from '../repo/channels.ts';
import { timeZoneOf } from '../repo/content.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';
import { followsOf } from '../repo/follows.ts';
import { entitlementsOf } from '../repo/orders.ts';
import { userById } from '../repo/users.ts';
import { webPaths, webUrl } from '../web-links.ts';

/* Go-live and reminder mails (issue 24, ADR 036). A job per game, kind and fan waits on the queue
 * until its time (`startAfter`); a sweeper every few minutes plans the next hour's and catches what
 * was missed, and turning an alert on plans at once. When a job runs it checks again (the game
 * still starts then, the fan still wants it) and claims the alert_mails row before sending: at
 * most one mail per game, kind and fan, whatever ran twice. */

export interface AlertJob {
  kind: AlertKind;
  userId: number;
  eventId: number;
  /** The start the job was planned for: a game moved since has a job of its own. */
  start: number;
}

export const alertMailQueue = defineQueue<AlertJob>({ name: 'alert-mail', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true });
export const alertSweepQueue = defineQueue<Record<string, never>>({ name: 'alert-sweep', retryLimit: 0 });

/** Every five minutes; the plan reaches an hour ahead, so a missed sweep loses nothing. */
export const ALERT_SWEEP_CRON = '*/5 * * * *';
const PLAN_AHEAD_SECONDS = 3600;
/** A go-live mail is still worth sending this long after the start (and while the game is on). */
export const GO_LIVE_GRACE_SECONDS = 15 * 60;

/** When the mail of this kind goes for a game starting at `start`. */
export const sendTime = (kind: AlertKind, start: number, leadSeconds: number) => (kind === 'go-live' ? start : start - leadSeconds);

/** Whether a mail of this kind still tells the fan something at `now`: a reminder before the
 *  start, a go-live from the start until a quarter of an hour in (never after the end). */
export function stillWorthSending(kind: AlertKind, start: number, duration: number, now: number): boolean {
  if (kind === 'reminder') return now < start;
  return now >= start - 60 && now <= start + Math.min(GO_LIVE_GRACE_SECONDS, Math.max(duration, 0));
}

const jobKey = (a: Pick<AlertJob, 'kind' | 'eventId' | 'userId' | 'start'>) => `${a.kind}:${a.eventId}:${a.userId}:${a.start}`;

/** Queues the mails due from now to an hour ahead (and those missed but still worth sending), of
 *  every fan or of one fan's follow; a job already queued for one is left as it is. */
export async function planAlerts(deps: Deps, only: { userId?: number; followId?: number } = {}, now = nowSeconds()): Promise<number> {
  const lead = deps.alertLeadMinutes * 60;
  const due = await alertsDue(deps.db, { ...only, startFrom: now - GO_LIVE_GRACE_SECONDS, startTo: now + PLAN_AHEAD_SECONDS + lead });
  let queued = 0;
  for (const a of due) {
    const at = sendTime(a.kind, a.start, lead);
    if (at > now + PLAN_AHEAD_SECONDS || !stillWorthSending(a.kind, a.start, a.duration, Math.max(now, at))) continue;
    const job: AlertJob = { kind: a.kind, userId: a.userId, eventId: a.eventId, start: a.start };
    const id = await deps.jobs.send(alertMailQueue, job, { key: jobKey(job), ...(at > now ? { startAfter: new Date(at * 1000) } : {}) });
    if (id) queued++;
  }
  return queued;
}

/** Runs one alert job: sends its mail if it is still due, once. */
export async function sendAlert(deps: Deps, job: AlertJob, now = nowSeconds()): Promise<'sent' | 'skipped'> {
  const [due] = await alertsDue(deps.db, { userId: job.userId, eventId: job.eventId, kind: job.kind });
  if (!due || due.start !== job.start || !stillWorthSending(job.kind, due.start, due.duration, now)) return 'skipped';
  const mail = await alertMail(deps, due, now);
  if (!mail || !(await claimAlertMail(deps.db, job.userId, job.eventId, job.kind))) return 'skipped';
  try {
    await deps.mailer.send('alert', mail.to, mail.input);
  } catch (error) {
    // Not handed over: give the claim back so the job's retry may send it.
    await releaseAlertMail(deps.db, job.userId, job.eventId, job.kind);
    throw error;
  }
  await markAlertMailSent(deps.db, job.userId, job.eventId, job.kind);
  return 'sent';
}

/** What to buy to watch a game the fan cannot watch yet (the watch page sells it): a ticket for a
 *  pay-per-view game, else a ticket, a pass or a subscription (the mail says it). */
export function purchaseNote(type: string): 'ppv' | 'paid' {
  return accessTypeOf(type) === 'ppv' ? 'ppv' : 'paid';
}

async function alertMail(deps: Deps, due: DueAlert, now: number) {
  const user = await userById(deps.db, due.userId);
  const channel = user && (await channelById(deps.db, user.channelId));
  const game = channel && (await eventById(deps.db, channel.id, due.eventId, now));
  if (!user || !channel || !game) return null;
  const entitlements = await entitlementsOf(deps.db, user.id);
  const canWatch = hasAccess(watchable(game.out), { userId: user.id, entitlements });
  const followed = (await followsOf(deps.db, channel.id, user.id)).filter((f) => due.followIds.includes(f.id));
  const token = deps.signing.token('alert-unsubscribe', { u: user.id, f: due.followIds, k: due.kind });
  return {
    to: user.email,
    input: {
      channelName: channel.name,
      link: webUrl(deps.publicUrl, webPaths.event(game.out.id)),
      firstName: user.firstName || undefined,
      locale: accountLocale(channel, user),
      alert: {
        kind: due.kind,
        channelName: channel.name,
        colors: channel.colorSettings,
        firstName: user.firstName || undefined,
        game: gameName(game.out),
        start: due.start,
        timeZone: timeZoneOf(channel),
        leadMinutes: deps.alertLeadMinutes,
        watchUrl: webUrl(deps.publicUrl, webPaths.event(game.out.id)),
        followed: followed.map((f) => (f.favoritable_type === 'favorite_event' ? null : f.name)),
        purchase: canWatch ? null : purchaseNote(game.out.type),
        unsubscribeUrl: webUrl(deps.publicUrl, webPaths.alertUnsubscribe(token)),
        listId: alertListId(channel, deps.publicUrl),
      },
    },
  };
}

/** Works the alert queues in this process and schedules the sweeper (ADR 032: on PGlite the
 *  workers run in the channel API's own process). */
export async function startAlerts(deps: Deps): Promise<void> {
  await deps.jobs.work(
    alertMailQueue,
    async (job) => {
      await sendAlert(deps, job.data);
    },
    { concurrency: 2 },
  );
  await deps.jobs.work(alertSweepQueue, async () => {
    await planAlerts(deps);
  });
  await deps.jobs.schedule(alertSweepQueue, ALERT_SWEEP_CRON, {}, { tz: 'UTC' });
}

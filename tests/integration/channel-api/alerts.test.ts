import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_MSG, api } from '#contract';
import { alertMails, events, follows } from '../../../channel-api/db/schema.ts';
import { alertMailQueue, alertSweepQueue, type AlertJob } from '../../../channel-api/services/alerts.ts';
import { listMail, waitForMail, type Mail } from '../../support/outbox.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* Go-live and reminder mails (issue 24): a fan's opt-ins per follow, the mails they plan (which
   games, which kinds, when), one mail per game, kind and fan however often its job runs, what a
   paid game's mail says, and the one-click unsubscribe address every mail carries. */

let visitorKey: string;
const LEAD_MINUTES = 60;
const PUBLIC_URL = 'http://web.test';

interface Game {
  id: number;
  name: string;
}
let free: Game[];
let paid: Game;
let alwaysLive: Game;

const { server, http, acc } = apiForThisFile(
  { publicUrl: PUBLIC_URL, alertLeadMinutes: LEAD_MINUTES, jobs: { pollSeconds: 0.5 } },
  async ({ server, http }) => {
    visitorKey = await http.apiKey();
    const rows = await server.db.select({ id: events.id, name: events.name, type: events.type, alwaysLive: events.alwaysLive }).from(events).orderBy(events.id);
    free = rows.filter((r) => r.type === 'free' && !r.alwaysLive);
    paid = rows.find((r) => r.type === 'paid' && !r.alwaysLive)!;
    alwaysLive = rows.find((r) => r.alwaysLive)!;
  },
);

const now = () => Math.floor(Date.now() / 1000);
/** Moves a game: it starts `seconds` from now (negative: it started that long ago). */
async function startsIn(game: Game, seconds: number): Promise<number> {
  const start = now() + seconds;
  await server.db.update(events).set({ eventUtcTs: start }).where(eq(events.id, game.id));
  return start;
}
const follow = async (key: string, type: string, id: number) => {
  const res = await acc.post('/favorite', { favoritable_id: id, favoritable_type: type, api_key: key });
  expect(res.status, res.text).toBe(200);
  return res.json.data.id as number;
};
const setAlerts = (key: string, followId: number, body: Record<string, unknown>) =>
  acc.post('/favorites/alerts', { alerts: [{ id: followId, ...body }], api_key: key });

/** The alert jobs of a fan: key → state and when it may start. */
async function alertJobs(userId: number) {
  const { rows } = await server.db.execute<{ singleton_key: string; state: string; start_after: Date | string }>(
    sql`SELECT singleton_key, state, start_after FROM pgboss.job WHERE name = 'alert-mail' AND (data->>'userId')::int = ${userId}`,
  );
  return new Map(rows.map((r) => [r.singleton_key, { state: r.state, startAfter: new Date(r.start_after).getTime() / 1000 }]));
}
const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 100 });
/** The alert mails to this address (not its verification mail). */
const alertMailsTo = (email: string) => listMail(server.outbox).filter((m) => m.to.includes(email) && m.headers['list-unsubscribe'] !== undefined);
const tokenOf = (mail: Mail) => /\/alerts\/unsubscribe\/([^>\s]+)>/.exec(mail.headers['list-unsubscribe'])![1];

describe(`alert mails (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("sets the two alerts of a fan's own follow, lists them, and refuses another's, a visitor and bad flags", async () => {
    const fan = await acc.signUp();
    const other = await acc.signUp();
    await startsIn(free[0], 3 * 86_400);
    const id = await follow(fan.key, 'favorite_event', free[0].id);
    const set = await setAlerts(fan.key, id, { go_live: true, reminder: false });
    expect(set.status, set.text).toBe(200);
    expect(set.json.data).toMatchObject([{ id, alert_go_live: true, alert_reminder: false }]);
    expect(api.followAlerts.response.parse(set.json).meta.alert_lead_minutes).toBe(LEAD_MINUTES);
    const listed = api.follows.response.parse((await acc.get('/favorites', { api_key: fan.key })).json);
    expect(listed.data.find((f) => f.id === id)).toMatchObject({ alert_go_live: true, alert_reminder: false });
    expect(listed.meta.alert_lead_minutes).toBe(LEAD_MINUTES);

    // Another fan's follow: nothing changes, nothing is answered.
    const theirs = await setAlerts(other.key, id, { go_live: false, reminder: true });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.json.data).toEqual([]);
    const visitor = await setAlerts(visitorKey, id, { go_live: false, reminder: true });
    expect(visitor.status).toBe(401);
    for (const [body, field] of [
      [{ go_live: 'yes', reminder: true }, 'alerts.0.go_live'],
      [{ go_live: true }, 'alerts.0.reminder'],
      [{ go_live: true, reminder: 1 }, 'alerts.0.reminder'],
      [{ go_live: true, reminder: true, kind: 'all' }, 'kind'],
    ] as const) {
      const bad = await setAlerts(fan.key, id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json.errors)).toContain(field);
    }
    const [row] = await server.db.select().from(follows).where(eq(follows.id, id));
    expect(row).toMatchObject({ alertGoLive: true, alertReminder: false });
  });

  it("saves the alerts of several follows in one call (the alerts page's one Save), leaving out one the fan no longer follows", async () => {
    const fan = await acc.signUp();
    const other = await acc.signUp();
    const game = await follow(fan.key, 'favorite_event', free[0].id);
    const venue = await follow(fan.key, 'favorite_event', free[1].id);
    const theirs = await follow(other.key, 'favorite_event', free[0].id);
    const res = await acc.post('/favorites/alerts', {
      api_key: fan.key,
      alerts: [
        { id: game, go_live: true, reminder: true },
        { id: venue, go_live: false, reminder: true },
        { id: theirs, go_live: true, reminder: true },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const saved = api.followAlerts.response.parse(res.json).data;
    expect(saved.map((f) => [f.id, f.alert_go_live, f.alert_reminder])).toEqual([
      [game, true, true],
      [venue, false, true],
    ]);
    const [row] = await server.db.select().from(follows).where(eq(follows.id, theirs));
    expect(row).toMatchObject({ alertGoLive: false, alertReminder: false });
    const twice = await acc.post('/favorites/alerts', {
      api_key: fan.key,
      alerts: [
        { id: game, go_live: true, reminder: true },
        { id: game, go_live: false, reminder: false },
      ],
    });
    expect(twice.status).toBe(400);
  });

  it('plans a reminder an hour before and a go-live at the start for the games a followed team plays, only of the kinds chosen', async () => {
    const game = free[1];
    const start = await startsIn(game, 50 * 60);
    const [team] = (
      await server.db.execute<{ participant_id: number }>(
        sql`SELECT participant_id FROM event_participants WHERE event_id = ${game.id} ORDER BY position LIMIT 1`,
      )
    ).rows;
    const both = await acc.signUp();
    const reminderOnly = await acc.signUp();
    const far = free[2];
    await startsIn(far, 3 * 86_400);
    for (const fan of [both, reminderOnly]) {
      const teamFollow = await follow(fan.key, 'participant', Number(team.participant_id));
      const farFollow = await follow(fan.key, 'favorite_event', far.id);
      const all = fan === both;
      expect((await setAlerts(fan.key, teamFollow, { go_live: all, reminder: true })).status).toBe(200);
      expect((await setAlerts(fan.key, farFollow, { go_live: true, reminder: true })).status).toBe(200);
    }
    const jobs = await alertJobs(both.user.id);
    // The reminder is late (the game starts in 50 minutes): it goes at once; the go-live waits.
    expect(jobs.get(`reminder:${game.id}:${both.user.id}:${start}`)).toBeDefined();
    expect(jobs.get(`go-live:${game.id}:${both.user.id}:${start}`)?.startAfter).toBeCloseTo(start, 0);
    expect([...jobs.keys()].some((k) => k.includes(`:${far.id}:`))).toBe(false);
    const theirs = await alertJobs(reminderOnly.user.id);
    expect(theirs.has(`reminder:${game.id}:${reminderOnly.user.id}:${start}`)).toBe(true);
    expect(theirs.has(`go-live:${game.id}:${reminderOnly.user.id}:${start}`)).toBe(false);

    const mail = await waitForMail(server.outbox, { to: both.email, subject: game.name });
    const channel = (await http.request('GET', '/channels/demo.json')).json.name as string;
    expect(mail.subject).toBe(`Starting soon on ${channel}: ${game.name}`);
    expect(mail.html).toContain(`>${channel}</div>`);
    expect(mail.text).toContain(`${game.name} starts at `);
    expect(mail.text).toMatch(/ · \d{1,2}:\d{2} [AP]M (CST|CDT)\./);
    // From the channel, filed under its alerts list (issue 34).
    expect(mail.headers.from).toBe(`${channel} <no-reply@fieldhouse.invalid>`);
    expect(mail.headers['list-id']).toBe(`"${channel} game alerts" <alerts.demo.${new URL(PUBLIC_URL).hostname}>`);
    expect(mail.text).toContain(`${PUBLIC_URL}/watch/${game.id}`);
    expect(mail.text).toMatch(/You get this e-mail because you follow .+ and chose to be e-mailed an hour before their games\./);
    expect(mail.text).not.toContain('buy');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/watch/${game.id}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/alerts/unsubscribe/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [claimed] = await server.db
      .select()
      .from(alertMails)
      .where(and(eq(alertMails.userId, both.user.id), eq(alertMails.eventId, game.id), eq(alertMails.kind, 'reminder')));
    expect(claimed.sentAt).not.toBeNull();
  });

  it("says what to buy in a paid game's mail, and plans nothing for an always-live broadcast or a game long started", async () => {
    const fan = await acc.signUp();
    await startsIn(paid, 30 * 60);
    const long = free[3];
    const longStart = await startsIn(long, -40 * 60);
    for (const game of [paid, alwaysLive, long]) {
      const id = await follow(fan.key, 'favorite_event', game.id);
      expect((await setAlerts(fan.key, id, { go_live: true, reminder: true })).status).toBe(200);
    }
    const mail = await waitForMail(server.outbox, { to: fan.email, subject: paid.name });
    expect(mail.text).toContain('This game is paid: buy a ticket for it, a pass or a subscription on its page to watch.');
    expect(mail.text).toContain(`/watch/${paid.id}`);
    const keys = [...(await alertJobs(fan.user.id)).keys()];
    expect(keys.filter((k) => k.includes(`:${alwaysLive.id}:`) || k.includes(`:${long.id}:${fan.user.id}:${longStart}`))).toEqual([]);
  });

  it('sends one mail per game, kind and fan when its job runs twice at once and again later, and none for a moved game', async () => {
    const fan = await acc.signUp();
    const game = free[4];
    await startsIn(game, 5 * 86_400);
    const id = await follow(fan.key, 'favorite_event', game.id);
    // On, without the plan (as if set before the game moved near): the jobs below are the only ones.
    await server.db.update(follows).set({ alertReminder: true }).where(eq(follows.id, id));
    const start = await startsIn(game, 20 * 60);
    const job: AlertJob = { kind: 'reminder', userId: fan.user.id, eventId: game.id, start };
    const moved: AlertJob = { ...job, kind: 'reminder', start: start - 600 };
    await Promise.all([
      server.jobs.send(alertMailQueue, job, { key: `test-a:${fan.user.id}` }),
      server.jobs.send(alertMailQueue, job, { key: `test-b:${fan.user.id}` }),
      server.jobs.send(alertMailQueue, moved, { key: `test-moved:${fan.user.id}` }),
    ]);
    await until(async () => expect([...(await alertJobs(fan.user.id)).values()].map((j) => j.state)).toEqual(['completed', 'completed', 'completed']));
    await server.jobs.send(alertMailQueue, job, { key: `test-c:${fan.user.id}` });
    await until(async () => expect((await alertJobs(fan.user.id)).get(`test-c:${fan.user.id}`)?.state).toBe('completed'));
    expect(alertMailsTo(fan.email)).toHaveLength(1);
    expect(await server.db.select().from(alertMails).where(eq(alertMails.userId, fan.user.id))).toHaveLength(1);
  });

  it('the sweeper plans what the opt-in did not: an alert turned on before its game came near', async () => {
    const fan = await acc.signUp();
    const game = free[5];
    await startsIn(game, 5 * 86_400);
    const id = await follow(fan.key, 'favorite_event', game.id);
    await server.db.update(follows).set({ alertReminder: true }).where(eq(follows.id, id));
    await startsIn(game, 25 * 60);
    await server.jobs.send(alertSweepQueue, {});
    const mail = await waitForMail(server.outbox, { to: fan.email, subject: game.name });
    expect(mail.text).toContain('because you follow this game');
  });

  it('describes and turns off the alert of a mail by its token, with no fan signed in; again changes nothing; a bad token is refused', async () => {
    const fan = await acc.signUp();
    const game = free[6];
    await startsIn(game, 30 * 60);
    const id = await follow(fan.key, 'favorite_event', game.id);
    expect((await setAlerts(fan.key, id, { go_live: true, reminder: true })).status).toBe(200);
    const token = tokenOf(await waitForMail(server.outbox, { to: fan.email, subject: game.name }));

    const described = await http.request('GET', `/alerts/unsubscribe/${token}`, { query: { api_key: visitorKey } });
    expect(described.status, described.text).toBe(200);
    expect(api.alertUnsubscribe.response.parse(described.json).data).toEqual({
      kind: 'reminder',
      lead_minutes: LEAD_MINUTES,
      follows: [{ id, name: game.name, favoritable_type: 'favorite_event' }],
      on: true,
    });
    for (let i = 0; i < 2; i++) {
      const off = await http.request('POST', `/alerts/unsubscribe/${token}`, { body: { api_key: visitorKey } });
      expect(off.status, off.text).toBe(200);
      expect(off.json.data.on).toBe(false);
    }
    const [row] = await server.db.select().from(follows).where(eq(follows.id, id));
    expect(row).toMatchObject({ alertReminder: false, alertGoLive: true });

    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: fan.user.id, f: [id], k: 'go-live' })).toString('base64url')}.${mac}`;
    // A MAC with its first character changed (the last ones may hold only padding bits, and may
    // already be the replacement: a tampered copy equal to the real one, about once in 1,000 runs).
    const tampered = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [tampered, forged]) {
      const refused = await http.request('POST', `/alerts/unsubscribe/${bad}`, { body: { api_key: visitorKey } });
      expect(refused.status).toBe(404);
      expect(refused.json.message).toBe(ALERT_MSG.badToken);
    }
    const malformed = await http.request('GET', '/alerts/unsubscribe/not%20a%20token', { query: { api_key: visitorKey } });
    expect(malformed.status).toBe(400);
    const [after] = await server.db.select().from(follows).where(eq(follows.id, id));
    expect(after).toMatchObject({ alertReminder: false, alertGoLive: true });
  });
});

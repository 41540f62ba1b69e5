import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLIP_LIMIT_MSG, CLIPS_IN_PROGRESS_MAX } from '#contract';
import { clips, users } from '../../../channel-api/db/schema.ts';
import { clipQueue, type ClipJob } from '../../../channel-api/services/clips.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';
import { clipper as clipperOf, finishedGameId } from '../support/clips.ts';

/* The clip queue is fair (issue 37, ADR 057): a fan has at most CLIPS_IN_PROGRESS_MAX clips queued
   or being made, counted in the database so that requests at the same moment cannot pass it; and
   fans' jobs are interleaved, so one fan's clips do not make the next fan wait behind all of them.
   This server cuts no clips itself (clipConcurrency 0): the queue holds still until a test works it. */

const { server, http, acc } = apiForThisFile({ clipConcurrency: 0 }, async ({ server }) => {
  game.finished = await finishedGameId(server.db);
});
const game = { finished: 0 };

const clipper = () => clipperOf(acc, server.db);

const ask = (key: string, name = 'Great save') =>
  http.request('POST', '/clip', { body: { api_key: key, event_id: game.finished, name, start_time: 2, duration: 4, tags: ['Save'] } });

const queuedOf = async (userId: number) =>
  (
    await server.db
      .select()
      .from(clips)
      .where(and(eq(clips.userId, userId), eq(clips.status, 'queued')))
  ).length;

describe(`the clip queue is fair (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`takes at most ${CLIPS_IN_PROGRESS_MAX} clips in progress from a fan who asks for ten at the same moment, and refuses the rest with too_many_clips`, async () => {
    const fan = await clipper();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(fan.key, `Clip ${i + 1}`)));
    const taken = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(taken).toHaveLength(CLIPS_IN_PROGRESS_MAX);
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json).toMatchObject({ code: 'too_many_clips', message: CLIP_LIMIT_MSG });
    }
    // What the data holds: three clips, counted three times on the fan, and three jobs.
    expect(await queuedOf(fan.user.id)).toBe(CLIPS_IN_PROGRESS_MAX);
    const [row] = await server.db.select({ clipsCount: users.clipsCount }).from(users).where(eq(users.id, fan.user.id));
    expect(row.clipsCount).toBe(CLIPS_IN_PROGRESS_MAX);

    // Another fan is not held back by the first one's clips.
    const other = await clipper();
    expect((await ask(other.key)).status).toBe(200);
  });

  it('takes one more once one of the clips is ready, failed, or its job died (queued past the five minutes)', async () => {
    const fan = await clipper();
    const ids: number[] = [];
    for (let i = 0; i < CLIPS_IN_PROGRESS_MAX; i++) ids.push((await ask(fan.key)).json.data.id);
    expect((await ask(fan.key)).status).toBe(409);

    await server.db.update(clips).set({ status: 'processed', progress: 100 }).where(eq(clips.id, ids[0]));
    expect((await ask(fan.key)).status).toBe(200);
    expect((await ask(fan.key)).status).toBe(409);

    await server.db.update(clips).set({ status: 'failed', error: 'x' }).where(eq(clips.id, ids[1]));
    expect((await ask(fan.key)).status).toBe(200);
    expect((await ask(fan.key)).status).toBe(409);

    // A clip whose job died with its worker counts no longer: it shows failed, and the fan may go on.
    await server.db
      .update(clips)
      .set({ createdAt: new Date(Date.now() - 301_000) })
      .where(eq(clips.id, ids[2]));
    expect((await ask(fan.key)).status).toBe(200);
    const [stale] = await server.db.select().from(clips).where(eq(clips.id, ids[2]));
    expect(stale.status).toBe('failed');
  });

  it("interleaves fans' jobs: each fan's first clip before anyone's second, each fan's second before anyone's third", async () => {
    // The jobs the earlier tests left are older: the worker takes them too, and they are not counted.
    const [a, b, c] = [await clipper(), await clipper(), await clipper()];
    const sent: { fan: string; id: number }[] = [];
    const clip = async (fan: { key: string }, name: string) => {
      const res = await ask(fan.key, name);
      expect(res.status, res.text).toBe(200);
      sent.push({ fan: name, id: res.json.data.id });
    };
    // A asks for three at once, then B for one, then C for two.
    await clip(a, 'A1');
    await clip(a, 'A2');
    await clip(a, 'A3');
    await clip(b, 'B1');
    await clip(c, 'C1');
    await clip(c, 'C2');
    const ours = new Map(sent.map((s) => [s.id, s.fan]));

    // One worker takes the jobs one at a time, in the queue's order.
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      void server.jobs.work<ClipJob>(
        clipQueue,
        async (job) => {
          const name = ours.get(job.data.clipId);
          if (name) order.push(name);
          if (order.length === sent.length) resolve();
          // As the server's own worker does: look for the next job at once, not after a poll.
          server.jobs.wake(clipQueue);
        },
        { concurrency: 1 },
      );
    });
    await done;
    expect(order).toEqual(['A1', 'B1', 'C1', 'A2', 'C2', 'A3']);
  });
});

import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatDuration } from '../../contract/durations.ts';
import { gameName } from '../../contract/game-name.ts';
import {
  CLIP_LIMIT_MSG,
  CLIP_MSG,
  CLIP_PROCESSING_SECONDS,
  CLIPS_IN_PROGRESS_MAX,
  type api,
  type Clip,
  type ClipMedia,
  type Download,
  type SharedClip,
} from '../../contract/index.ts';
import { instanceName } from '../../server/instance.ts';
import { capabilitiesOf, featuresOf, hasAccess, watchable } from '../access.ts';
import type { Caller, Deps, ParamsOf } from '../deps.ts';
import { noCapability } from './capability-grants.ts';
import { clipJobPriority } from './clip-fairness.ts';
import { refuseBlockedRegion } from './regions.ts';
import { channelApiEnv } from '../env.ts';
import { HttpError, notFound, refusal } from '../http/errors.ts';
import { requireUser } from '../http/route.ts';
import { isLiveAsset, isVodAsset } from '../media/assets.ts';
import { CLIP_RENDITION, cutClip, liveSegments, mediaSeconds, planCut, vodSegments, type ClipSource, type Segment } from '../media/clip-cut.ts';
import { signDownload } from '../media/downloads.ts';
import { ffmpegPath } from '../media/ffmpeg.ts';
import { kickoffSegment } from '../media/live-playlist.ts';
import { mediaDirOf } from '../media/prepare.ts';
import { defineQueue, type Job } from '../queue/job-queue.ts';
import * as repo from '../repo/clips.ts';
import { settingsOf } from '../repo/content.ts';
import { recordDownload } from '../repo/downloads.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';

/* Fans' clips (issue 25, ADR 039): the rules of POST /clip and the other clip calls, and the job
 * that cuts a clip on the project's queue. A clip is queued with its job in one transaction; the
 * job writes the files in a scratch directory and renames it to `${DATA_DIR}/clips/<uuid>/`, then
 * marks the clip processed, so a clip never looks ready half-made; a retry starts over. */

export interface ClipJob {
  clipId: number;
  /** Where to cut from, fixed when the clip was asked (a live game's kick-off may move later). */
  source: ClipSource;
}

export const clipQueue = defineQueue<ClipJob>({ name: 'clip', retryLimit: 1, retryDelaySeconds: 2, expireInSeconds: CLIP_PROCESSING_SECONDS });

/** One try's ffmpeg is stopped after this long: both tries fit in CLIP_PROCESSING_SECONDS. */
const TRY_SECONDS = 120;
/** Clips cut at once in one worker process unless CLIP_FFMPEG_CONCURRENCY says otherwise: each
 *  ffmpeg uses up to a core while it re-encodes (README "Operations"). */
export const CLIP_FFMPEG_CONCURRENCY = 2;

/** A clip's lease (ADR 060), in seconds. pg-boss 10 has no heartbeat: a job whose worker died
 *  (SIGKILL, out of memory, a machine gone) stays active until it expires, five minutes for a
 *  clip, so the clip's row says who is on it and until when. The worker renews every `renew` s;
 *  the lease lasts `lease` s, so three renewals may be missed (a slow database, a busy event loop)
 *  before a live worker loses its clip; each worker process looks for run-out leases every `reap`
 *  s (one indexed query). A killed worker's clip is tried again by another worker within about
 *  half a minute: 20 s + up to 5 s to be reaped + the 2 s retry delay. Tests shorten them
 *  (ChannelApiOptions.clipLease). */
export const CLIP_LEASE = { lease: 20, renew: 5, reap: 5 };
export type ClipLease = typeof CLIP_LEASE;

/** What the operator sees in the failed try of a job whose worker died (GET /ops/jobs). */
const LEASE_RAN_OUT = 'The worker making this clip stopped: its lease ran out.';

export const CLIP_ERRORS = {
  failed: 'We could not make this clip. Please try again, or pick another moment of the game.',
  tooLong: 'Making this clip took too long. Please try again.',
} as const;

export const clipsDir = (dataDir: string) => path.join(path.resolve(dataDir), 'clips');
const filesDir = (dataDir: string, uuid: string) => path.join(clipsDir(dataDir), uuid);

/** A processed clip's files (served by media/clips-router.ts). */
export function clipMedia(uuid: string, asset: string | null): ClipMedia {
  const base = `/media/clips/${uuid}`;
  const size = asset && isLiveAsset(asset) ? CLIP_RENDITION.live : CLIP_RENDITION.vod;
  return { video: `${base}/clip.mp4`, preview: `${base}/preview.jpg`, poster: `${base}/poster.jpg`, width: size.width, height: size.height };
}

export function presentClip({ clip: c, eventName, asset }: repo.ClipWithEvent): Clip {
  return {
    id: c.id,
    uuid: c.uuid,
    event_id: c.eventId,
    event_name: eventName,
    event_media_id: c.eventMediaId,
    name: c.name,
    start_time: c.startTime,
    duration: c.duration,
    tags: c.tags,
    status: c.status,
    progress: c.progress,
    error: c.status === 'failed' ? c.error : null,
    media: c.status === 'processed' ? clipMedia(c.uuid, asset) : null,
    created_at: c.createdAt.toISOString(),
  };
}

const invalid = (field: string, message: string) => refusal(400, message, { [field]: [message] });

/** What a game offers to clip now: its source and how many seconds of it there are. */
async function clipSourceOf(dataDir: string, event: { stream_status: string; event_utc_ts: number }, asset: string | null, now: number) {
  const dir = asset ? path.join(mediaDirOf(dataDir), asset) : null;
  if (dir && asset && event.stream_status === 'live' && isLiveAsset(asset)) {
    const source: ClipSource = { kind: 'live', asset, kickoffSegment: kickoffSegment(event.event_utc_ts) };
    return { source, seconds: now - event.event_utc_ts, live: true };
  }
  if (dir && asset && event.stream_status === 'finished' && isVodAsset(asset)) {
    const seconds = await vodSegments(dir).then(mediaSeconds, () => 0);
    if (seconds > 0) return { source: { kind: 'vod', asset } as ClipSource, seconds, live: false };
  }
  throw new HttpError(409, 'not_available', 'This game has no video to clip yet.');
}

/** POST /clip: checks who may clip what, queues the clip and its job. */
export async function createClip(deps: Deps, caller: Caller, params: ParamsOf<typeof api.createClip>): Promise<Clip> {
  const user = requireUser(caller);
  const now = nowSeconds();
  const found = await eventById(deps.db, caller.channel.id, params.event_id, now);
  if (!found) throw refusal(404, 'Event not found', { event_id: ['Event not found'] });
  refuseBlockedRegion(caller, found.blackout);
  const access = hasAccess(watchable(found.out), caller.viewer);
  const { state } = featuresOf(found.out, caller.viewer, access).clip;
  if (state === 'no_access') throw new HttpError(403, 'forbidden', 'You may not watch this game: get a ticket or a pass for it to clip it.');
  if (state === 'no_capability') throw await noCapability(deps, caller, 'clipping');
  if (state === 'unavailable') throw new HttpError(409, 'not_available', 'This game has not started yet: there is nothing to clip.');

  const allowed = settingsOf(caller.channel).clip_tags;
  const tags = [...new Set(params.tags)];
  if (tags.some((t) => !allowed.includes(t))) throw invalid('tags', CLIP_MSG.tag);
  if (params.event_media_id != null) throw invalid('event_media_id', 'This game has one video: leave event_media_id out.');

  const { source, seconds, live } = await clipSourceOf(deps.dataDir, found.out, found.asset, now);
  const within = formatDuration(seconds, { hours: false });
  const until = live ? `the game so far (${within})` : `the game's video (${within})`;
  if (params.start_time >= seconds) throw invalid('start_time', `The clip must start within ${until}.`);
  if (params.start_time + params.duration > seconds) throw invalid('duration', `The clip must end within ${until}.`);

  // A clip whose job died no longer counts against the fan's limit.
  await repo.failStaleClips(deps.db, user.id, CLIP_PROCESSING_SECONDS, CLIP_ERRORS.tooLong);
  const row = await repo.insertClip(
    deps.db,
    { userId: user.id, eventId: found.out.id, name: params.name, startTime: params.start_time, duration: params.duration, tags, eventMediaId: null },
    CLIPS_IN_PROGRESS_MAX,
    async (tx, clip, inProgress) => {
      await deps.jobs.send(clipQueue, { clipId: clip.id, source }, { key: String(clip.id), tx, priority: clipJobPriority(inProgress) });
    },
  );
  if (!row) throw new HttpError(409, 'too_many_clips', CLIP_LIMIT_MSG);
  deps.jobs.wake(clipQueue);
  return presentClip({ clip: row, eventName: gameName(found.out), asset: found.asset, blackout: found.blackout });
}

/** The fan's clips (of one game), a clip whose job died shown failed. */
export async function clipsOf(deps: Deps, userId: number, eventId?: number): Promise<Clip[]> {
  await repo.failStaleClips(deps.db, userId, CLIP_PROCESSING_SECONDS, CLIP_ERRORS.tooLong);
  return (await repo.clipsOfUser(deps.db, userId, eventId)).map(presentClip);
}

/** GET /clips/event/{id}: the fan's clips of one game of the channel (another game is not found). */
export async function clipsOfEvent(deps: Deps, caller: Caller, eventId: number): Promise<Clip[]> {
  const user = requireUser(caller);
  if (!(await eventById(deps.db, caller.channel.id, eventId, nowSeconds()))) throw notFound('Event not found');
  return clipsOf(deps, user.id, eventId);
}

/** GET /events/with_clip: the games the fan has clips of, with how many, latest game first. */
export const eventsWithClips = (deps: Deps, userId: number) => repo.eventsWithClipsOf(deps.db, userId);

/** GET /shared-clip/{id}?uuid=: anyone with the link; its files once processed. */
export async function sharedClip(deps: Deps, caller: Pick<Caller, 'geo' | 'channel'>, id: number, uuid: string): Promise<SharedClip> {
  let found = await repo.clipByShareLink(deps.db, id, uuid);
  if (!found) throw notFound('Clip not found');
  refuseBlockedRegion(caller, found.blackout);
  if (found.clip.status === 'queued') {
    await repo.failStaleClips(deps.db, found.clip.userId, CLIP_PROCESSING_SECONDS, CLIP_ERRORS.tooLong);
    found = (await repo.clipByShareLink(deps.db, id, uuid)) ?? found;
  }
  const c = presentClip(found);
  return {
    id: c.id,
    event_id: c.event_id,
    event_name: c.event_name,
    name: c.name,
    duration: c.duration,
    tags: c.tags,
    status: c.status,
    media: c.media,
    created_at: c.created_at,
  };
}

/** A clip's download name: '<clip> - <game>.mp4', without characters file systems refuse. */
export function clipFilename(clipName: string, eventName: string): string {
  const refused = (c: string) => c < ' ' || c === '\u007f' || '/\\:*?"<>|'.includes(c);
  const clean = (s: string) =>
    [...s]
      .map((c) => (refused(c) ? ' ' : c))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  return `${clean(clipName) || 'Clip'} - ${clean(eventName) || 'Game'}`.slice(0, 150) + '.mp4';
}

/** GET /clip/download/{id}: the owner's processed clip, with download_clip; counted once. */
export async function downloadClip(deps: Deps, caller: Caller, id: number): Promise<Download> {
  const user = requireUser(caller);
  const found = await repo.clipOfUser(deps.db, user.id, id);
  if (!found) throw notFound('Clip not found');
  refuseBlockedRegion(caller, found.blackout);
  if (!capabilitiesOf(user, caller.viewer.entitlements).includes('download_clip')) throw await noCapability(deps, caller, 'download_clip');
  if (found.clip.status !== 'processed') throw new HttpError(409, 'not_available', 'This clip is not ready yet: download it once it is made.');
  const file = `clips/${found.clip.uuid}/clip.mp4`;
  const bytes = await stat(path.join(path.resolve(deps.dataDir), file)).then(
    (s) => s.size,
    () => null,
  );
  if (bytes === null) throw notFound('The file of this clip is gone.');
  await recordDownload(deps.db, user.id, 'clip', found.clip.id);
  return signDownload(deps.signing, { file, filename: clipFilename(found.clip.name, found.eventName), bytes, country: caller.geo.country_code }, Date.now());
}

/** POST /clip/{id}/name: renames the owner's clip (another fan's, or none, is not found). */
export async function renameClip(deps: Deps, userId: number, id: number, name: string): Promise<Clip> {
  if (!(await repo.renameClipOfUser(deps.db, userId, id, name))) throw notFound('Clip not found');
  const found = await repo.clipOfUser(deps.db, userId, id);
  if (!found) throw notFound('Clip not found');
  return presentClip(found);
}

/** DELETE /clip/{id}: the owner's clip and its files. A job still queued finds no clip and stops. */
export async function deleteClip(deps: Deps, userId: number, id: number): Promise<{ id: number }> {
  const uuid = await repo.deleteClipOfUser(deps.db, userId, id);
  if (!uuid) throw notFound('Clip not found');
  await removeClipFiles(deps, [uuid]);
  return { id };
}

/** Removes the files of clips whose rows are gone. */
export async function removeClipFiles(deps: Pick<Deps, 'dataDir'>, uuids: string[]): Promise<void> {
  for (const uuid of uuids) await rm(filesDir(deps.dataDir, uuid), { recursive: true, force: true });
}

async function segmentsFor(dataDir: string, source: ClipSource, start: number, duration: number): Promise<Segment[]> {
  const dir = path.join(mediaDirOf(dataDir), source.asset);
  if (source.kind === 'live' && isLiveAsset(source.asset)) return liveSegments(dir, source.kickoffSegment, start, start + duration);
  if (source.kind === 'vod' && isVodAsset(source.asset)) return vodSegments(dir);
  throw new Error(`not a media asset: ${source.asset}`);
}

/** How this process makes clips: its lease timings, its name in the lease (`worked_by`), and the
 *  ffmpeg it cuts with (default: media/ffmpeg.ts ffmpegPath). */
export interface ClipWork extends ClipLease {
  worker: string;
  ffmpeg?: string;
}

const clipWork = (options: Partial<ClipWork> = {}): ClipWork => ({ ...CLIP_LEASE, worker: instanceName(channelApiEnv().INSTANCE_NAME), ...options });

/** Runs one clip job: takes the clip's lease and holds it while it makes the clip's files, or fails
 *  the clip after its last try. */
export async function makeClip(deps: Deps, job: Job<ClipJob>, options: Partial<ClipWork> = {}): Promise<'processed' | 'gone' | 'failed'> {
  const { db, dataDir } = deps;
  const work = clipWork(options);
  const holder = `${work.worker} (try ${job.attempt})`;
  const clip = await repo.takeClipLease(db, job.data.clipId, holder, work.lease);
  // Deleted, or finished by an earlier try: nothing to do.
  if (!clip) return 'gone';
  let held = true;
  let renewing = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = renewing
      .then(() => repo.renewClipLease(db, clip.id, holder, work.lease))
      .then(
        (still) => void (held &&= still),
        () => undefined,
      );
  }, work.renew * 1000);
  const target = filesDir(dataDir, clip.uuid);
  const scratch = path.join(clipsDir(dataDir), `.work-${clip.uuid}-${process.pid}-${Date.now()}`);
  let reported = 0;
  try {
    await mkdir(scratch, { recursive: true });
    const plan = planCut(await segmentsFor(dataDir, job.data.source, clip.startTime, clip.duration), clip.startTime, clip.duration);
    const onProgress = (percent: number) => {
      // A write per tenth: enough for a page that refreshes every few seconds.
      if (percent < reported + 10) return;
      reported = percent;
      repo.setClipProgress(db, clip.id, percent).catch(() => undefined);
    };
    await cutClip({ plan, dir: scratch, bin: work.ffmpeg ?? ffmpegPath(), timeoutMs: TRY_SECONDS * 1000, onProgress });
    await rm(path.join(scratch, 'segments.txt'), { force: true });
    await rm(target, { recursive: true, force: true });
    await rename(scratch, target);
    if (await repo.markClipProcessed(db, clip.id, new Date())) return 'processed';
    // Made by another try meanwhile (this worker was taken for dead): the files are a copy of its.
    if ((await repo.clipById(db, clip.id))?.status === 'processed') return 'gone';
    // Deleted (or given up) while it was being made: its files go too.
    await rm(target, { recursive: true, force: true });
    return 'gone';
  } catch (error) {
    // Taken for dead and reaped: the clip's job is another try's now, which this one leaves be.
    if (!held) return 'gone';
    if (job.attempt <= (clipQueue.retryLimit ?? 0)) throw error;
    deps.log(`channel-api: clip ${clip.id} failed: ${(error as Error).message}`);
    await repo.markClipFailed(db, clip.id, CLIP_ERRORS.failed);
    return 'failed';
  } finally {
    clearInterval(renewal);
    await renewing;
    await repo.endClipLease(db, clip.id, holder).catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Takes back the clips whose worker died (their lease ran out), each by one reaper however many
 *  run: fails the clip's running job into its retry, which a worker takes at once, or, when that
 *  was its last try, fails the clip. The clips taken back. */
export async function reapClips(deps: Pick<Deps, 'db' | 'jobs' | 'log'>): Promise<number[]> {
  const taken = await repo.reapClipLeases(deps.db, async (tx, id) => {
    const job = await deps.jobs.failRunning(clipQueue, String(id), LEASE_RAN_OUT, { tx });
    return job === 'failed' ? CLIP_ERRORS.failed : null;
  });
  for (const clip of taken) deps.log(`channel-api: clip ${clip.id} taken back from ${clip.holder ?? 'a worker'}: its lease ran out`);
  return taken.map((clip) => clip.id);
}

/** Works the clip queue in this process (the channel API's, like the alerts): `concurrency` clips
 *  (ffmpeg processes) at once, and the reaper of dead workers' clips. stop() ends the reaper (the
 *  job queue's stop ends the work); none of it with concurrency 0. */
export async function startClips(deps: Deps, concurrency = CLIP_FFMPEG_CONCURRENCY, options: Partial<ClipWork> = {}): Promise<{ stop(): Promise<void> }> {
  if (concurrency <= 0) return { stop: async () => undefined };
  const work = clipWork(options);
  await deps.jobs.work(
    clipQueue,
    async (job) => {
      await makeClip(deps, job, work);
      // A worker otherwise rests a poll interval after each job: look for the next one at once.
      deps.jobs.wake(clipQueue);
    },
    { concurrency },
  );
  let reaping: Promise<unknown> = Promise.resolve();
  let wakeTimer: NodeJS.Timeout | undefined;
  const reaper = setInterval(() => {
    reaping = reaping
      .then(() => reapClips(deps))
      .then(
        (taken) => {
          // A retry waits its delay in the queue: look for it as soon as it may start.
          if (taken.length > 0) wakeTimer = setTimeout(() => deps.jobs.wake(clipQueue), (clipQueue.retryDelaySeconds ?? 0) * 1000 + 100).unref();
        },
        (error: Error) => deps.log(`channel-api: the clip reaper failed: ${error.message}`),
      );
  }, work.reap * 1000).unref();
  return {
    async stop() {
      clearInterval(reaper);
      clearTimeout(wakeTimer);
      await reaping;
    },
  };
}

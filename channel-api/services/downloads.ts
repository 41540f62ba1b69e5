import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isoDay } from '../../contract/dates.ts';
import { gameName, type NamedGame } from '../../contract/game-name.ts';
import { SERVER_MSG, type Download, type FeatureState, type StreamStatus } from '../../contract/index.ts';
import { featuresOf, hasAccess, watchable, type Viewer } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { noCapability } from './capability-grants.ts';
import { refuseBlockedRegion } from './regions.ts';
import { HttpError, notFound, refusal } from '../http/errors.ts';
import { requireUser } from '../http/route.ts';
import { isVodAsset } from '../media/assets.ts';
import { signDownload } from '../media/downloads.ts';
import { timeZoneOf } from '../repo/content.ts';
import { recordDownload } from '../repo/downloads.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';

/* GET /download-event/{id} (issue 25): a finished game the fan may watch, with `download`, as a
 * signed link to its MP4 (media/downloads.ts streams it). Whether the fan may is the watch page's
 * `features.download` (gameFeatures below); each refusal says why. */

const DOWNLOAD_MSG = {
  noAccess: 'You need a pass to watch this game before you can download it.',
  notFinished: 'A game can be downloaded once it has finished.',
  noFile: 'This game has no recording to download.',
} as const;

/** The file of a game to download, under DATA_DIR: a finished game's recording (its MP4, made
 *  with its HLS renditions, media/prepare.ts); null for a game not finished or without one. */
export function eventDownloadFile(status: StreamStatus, asset: string | null): string | null {
  return status === 'finished' && asset !== null && isVodAsset(asset) ? `media/${asset}/video.mp4` : null;
}

/** The name a game's file is saved as: its one name (contract/game-name.ts) and its date in the
 *  channel's time zone, in characters every file system and Content-Disposition take as they are:
 *  'Bayside Mariners @ Lakeview Lions (Boys Soccer) 2026-11-19.mp4'. */
export function eventFileName(event: NamedGame & { id: number; event_utc_ts: number }, timeZone: string): string {
  const name = gameName(event)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _@()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ _-]+|[ _-]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${name || `Game ${event.id}`} ${isoDay(event.event_utc_ts, timeZone)}.mp4`;
}

/** Bytes of a file under DATA_DIR, or null when it is not there. */
async function sizeOf(dataDir: string, file: string): Promise<number | null> {
  try {
    const s = await stat(path.join(dataDir, ...file.split('/')));
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/** What the viewer may do with a game (access.ts featuresOf), its download judged by its recording.
 *  The watch page (GET events/{id}) and GET /download-event/{id} both ask this, so the page's
 *  notice and the endpoint's refusal never disagree. */
export function gameFeatures(found: { out: { stream_status: StreamStatus }; asset: string | null }, viewer: Viewer, access: boolean) {
  return featuresOf(found.out, viewer, access, eventDownloadFile(found.out.stream_status, found.asset) !== null);
}

/** Why a fan may not download a game, for each state of its `features.download` but `allowed`. */
async function refusalFor(deps: Deps, caller: Caller, state: Exclude<FeatureState['state'], 'allowed'>, status: StreamStatus): Promise<HttpError> {
  switch (state) {
    case 'sign_in':
      return refusal(401, SERVER_MSG.unauthenticated);
    case 'no_access':
      return refusal(403, DOWNLOAD_MSG.noAccess);
    case 'unavailable':
      return new HttpError(409, 'not_available', status === 'finished' ? DOWNLOAD_MSG.noFile : DOWNLOAD_MSG.notFinished);
    case 'no_capability':
      return noCapability(deps, caller, 'download');
  }
}

export async function downloadEvent(deps: Deps, caller: Caller, id: number, nowMs = Date.now()): Promise<Download> {
  const user = requireUser(caller);
  const found = await eventById(deps.db, caller.channel.id, id, nowSeconds());
  if (!found) throw notFound('Event not found');
  refuseBlockedRegion(caller, found.blackout);
  const event = found.out;
  const { state } = gameFeatures(found, caller.viewer, hasAccess(watchable(event), caller.viewer)).download;
  if (state !== 'allowed') throw await refusalFor(deps, caller, state, event.stream_status);
  // The game has a recording (gameFeatures), unless its file went missing on the disk since.
  const file = eventDownloadFile(event.stream_status, found.asset);
  const bytes = file === null ? null : await sizeOf(deps.dataDir, file);
  if (file === null || bytes === null) throw new HttpError(409, 'not_available', DOWNLOAD_MSG.noFile);
  await recordDownload(deps.db, user.id, 'event', event.id);
  return signDownload(deps.signing, { file, filename: eventFileName(event, timeZoneOf(caller.channel)), bytes, country: caller.geo.country_code }, nowMs);
}

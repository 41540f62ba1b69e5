import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Download, StreamStatus } from '../../contract/index.ts';
import { capabilitiesOf, hasAccess, watchable } from '../access.ts';
import type { Caller, Deps } from '../deps.ts';
import { noCapability } from './capability-grants.ts';
import { HttpError, notFound, refusal } from '../http/errors.ts';
import { isVodAsset } from '../media/assets.ts';
import { signDownload } from '../media/downloads.ts';
import { recordDownload } from '../repo/downloads.ts';
import { nowSeconds } from '../repo/event-status.ts';
import { eventById } from '../repo/events.ts';
import type { UserRow } from '../repo/users.ts';

/* GET /download-event/{id} (issue 25): a finished game the fan may watch, with `download`, as a
 * signed link to its MP4 (media/downloads.ts streams it). Each refusal says why, in the order the
 * watch page's `features.download` does (access.ts featuresOf). */

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

/** The name a game's file is saved as: its name and its date (in its own time zone), in
 *  characters every file system and Content-Disposition take as they are. */
export function eventFileName(event: { id: number; name: string; event_utc_ts: number; time_zone: string }): string {
  const name = event.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ _-]+|[ _-]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${name || `Game ${event.id}`} ${dateIn(event.event_utc_ts, event.time_zone)}.mp4`;
}

/** YYYY-MM-DD of an instant in a time zone (UTC when the zone is not one Intl knows). */
function dateIn(epochSeconds: number, timeZone: string): string {
  const at = new Date(epochSeconds * 1000);
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
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

export async function downloadEvent(deps: Deps, caller: Caller, user: UserRow, id: number, nowMs = Date.now()): Promise<Download> {
  const found = await eventById(deps.db, caller.channel.id, id, nowSeconds());
  if (!found) throw notFound('Event not found');
  const event = found.out;
  if (!hasAccess(watchable(event), caller.viewer)) throw refusal(403, DOWNLOAD_MSG.noAccess);
  const file = eventDownloadFile(event.stream_status, found.asset);
  const bytes = file === null ? null : await sizeOf(deps.dataDir, file);
  if (file === null || bytes === null)
    throw new HttpError(409, 'not_available', event.stream_status === 'finished' ? DOWNLOAD_MSG.noFile : DOWNLOAD_MSG.notFinished);
  if (!capabilitiesOf(user, caller.viewer.entitlements).includes('download')) throw await noCapability(deps, caller, 'download');
  await recordDownload(deps.db, user.id, 'event', event.id);
  return signDownload(deps.signing, { file, filename: eventFileName(event), bytes }, nowMs);
}

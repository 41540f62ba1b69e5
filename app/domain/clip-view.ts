/* What a clip's pages show (/watch_library/{id}, /share/{id}/{uuid}), worked out in the loader. */
import type { SharedClip } from '#contract/clips';
import { clipStatusText } from './clips';
import { formatDuration } from './watch-state';

export function clipViewData(clip: SharedClip & { progress?: number; error?: string | null }) {
  return {
    id: clip.id,
    name: clip.name,
    eventId: clip.event_id,
    eventName: clip.event_name,
    length: formatDuration(clip.duration),
    tags: clip.tags,
    media: clip.status === 'processed' && clip.media ? { video: clip.media.video, poster: clip.media.poster } : null,
    statusText: clipStatusText({ status: clip.status, progress: clip.progress ?? 0, error: clip.error ?? null }),
  };
}

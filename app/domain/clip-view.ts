/* What a clip's pages show (/watch_library/{id}, /share/{id}/{uuid}), worked out in the loader. */
import type { SharedClip } from '#contract/clips';
import { formatDuration } from '#contract/durations';
import { clipStatusText } from './clips';

export function clipViewData(clip: SharedClip & { progress?: number; error?: string | null }) {
  return {
    id: clip.id,
    name: clip.name,
    eventId: clip.event_id,
    eventName: clip.event_name,
    length: formatDuration(clip.duration),
    tags: clip.tags,
    media: clip.status === 'processed' && clip.media ? { video: clip.media.video, poster: clip.media.poster } : null,
    // The owner reads its progress and why it failed; anyone else with the link, that it is coming.
    statusText:
      clip.progress === undefined
        ? clip.status === 'failed'
          ? 'This clip could not be made.'
          : 'This clip is being made: it plays here in a moment.'
        : clipStatusText({ status: clip.status, progress: clip.progress, error: clip.error ?? null }),
  };
}

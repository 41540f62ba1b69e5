import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_VERSION } from '../../channel-api/media/assets.ts';
import { prepareMedia } from '../../channel-api/media/index.ts';

/* The demo media (renditions, posters, captions: about a minute of ffmpeg, ADR 040) is made once per machine
 * in a shared cache and linked into each test's channel API data dir: integration test files,
 * the benchmark and the e2e run's channel API do not each run ffmpeg. A lock directory makes
 * concurrent first users wait for one build. */

/* Named by the media version: runs of branches with another recipe keep their own copy rather
   than remaking each other's. */
const MEDIA_CACHE = path.join(os.tmpdir(), `fieldhouse-test-media-cache-v${MEDIA_VERSION}`);

/** `<dataDir>/media`: a link to the shared demo media, made first where it is missing. */
export async function linkSharedMedia(dataDir: string): Promise<void> {
  await prepareSharedMedia();
  fs.symlinkSync(path.join(MEDIA_CACHE, 'media'), path.join(dataDir, 'media'), 'dir');
}

/** Makes the shared demo media where it is missing, one process at a time. */
export async function prepareSharedMedia(): Promise<void> {
  const lockDir = `${MEDIA_CACHE}.building`;
  fs.mkdirSync(path.dirname(MEDIA_CACHE), { recursive: true });
  for (const started = Date.now(); ;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than 5 minutes belongs to a run that died.
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) fs.rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() - started > 300_000) throw new Error(`timed out waiting for ${lockDir}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    await prepareMedia(MEDIA_CACHE, { log: () => undefined });
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/support/media-cache.ts`: the test command makes the media while lint runs.
if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) await prepareSharedMedia();

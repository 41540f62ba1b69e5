/** Finding and running ffmpeg: Debian's when on PATH, else the npm static build (no ffprobe). */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { channelApiEnv } from '../env.ts';

let resolved: string | undefined;

/** FFMPEG_PATH overrides; then `ffmpeg` on PATH; then @ffmpeg-installer/ffmpeg. */
export function ffmpegPath(): string {
  if (resolved) return resolved;
  const override = channelApiEnv().FFMPEG_PATH;
  if (override) return (resolved = override);
  const system = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (system.status === 0) {
    resolved = 'ffmpeg';
  } else {
    const require = createRequire(import.meta.url);
    resolved = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return resolved;
}

export interface FfmpegResult {
  code: number | null;
  stderr: string;
}

/** Runs ffmpeg and collects stderr (its log); never rejects on a non-zero exit. */
/** How a run goes: `signal` ends it (SIGTERM to ffmpeg, and an AbortError); `background` runs it
 *  at a low CPU priority (nice 10), so the server's requests come first. */
export interface RunOptions {
  signal?: AbortSignal;
  background?: boolean;
}

export async function runFfmpegRaw(args: string[], bin = ffmpegPath(), run: RunOptions = {}): Promise<FfmpegResult> {
  const { code, stderr } = await spawnFfmpeg(args, bin, false, run);
  return { code, stderr };
}

/** Runs ffmpeg whose output goes to `pipe:1` (or a listing to stdout) and returns those bytes too. */
export function runFfmpegOutput(args: string[], bin = ffmpegPath()): Promise<FfmpegResult & { stdout: Buffer }> {
  return spawnFfmpeg(args, bin, true);
}

function spawnFfmpeg(args: string[], bin: string, captureStdout: boolean, run: RunOptions = {}): Promise<FfmpegResult & { stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'], signal: run.signal });
    if (run.background && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    const out: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      // Keep the tail only: it holds the error when there is one.
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout: Buffer.concat(out) }));
  });
}

export async function runFfmpeg(args: string[], bin = ffmpegPath(), run: RunOptions = {}): Promise<void> {
  const { code, stderr } = await runFfmpegRaw(['-loglevel', 'error', '-y', ...args], bin, run);
  if (code !== 0) {
    throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`);
  }
}

export interface ProbeInfo {
  durationSeconds: number | null;
  /** First timestamp in the file (for MPEG-TS: the mux delay, ~1.4 s). */
  startSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/**
 * What `ffmpeg -i` says about a file. Used instead of ffprobe, which the static build lacks;
 * ffmpeg exits non-zero here ("no output file") but still prints the input's description.
 */
export async function probe(file: string, bin = ffmpegPath()): Promise<ProbeInfo> {
  const { stderr } = await runFfmpegRaw(['-i', file], bin);
  return parseProbe(stderr);
}

export function parseProbe(stderr: string): ProbeInfo {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const start = /start: (-?\d+(?:\.\d+)?)/.exec(stderr);
  return {
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    startSeconds: start ? Number(start[1]) : null,
    hasVideo: /Stream #\d+:\d+.*: Video:/.test(stderr),
    hasAudio: /Stream #\d+:\d+.*: Audio:/.test(stderr),
  };
}

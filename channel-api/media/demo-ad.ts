/**
 * The demo channel's pre-roll ad (ADR 050): 8 s in the conference's colours (navy, red, gold),
 * its initials LAC in block letters drawn with drawbox (no drawtext: fonts, scenes.ts), a band
 * sweeping in and a gold rule growing under the letters, over a two-note chime. The file the
 * README's example names (channel-api/seed/demo/lakeshore-ad.mp4) is made by
 * `npm run media:demo-ad`; the import prepares it into the games' renditions like any ad.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath, runFfmpeg } from './ffmpeg.ts';

export const DEMO_AD_SECONDS = 8;

const NAVY = '0x0B2545';
const RED = '0xA4161A';
const GOLD = '0xF2B705';

/** A block letter's strokes (x, y, w, h in a 60 × 90 cell). */
const LETTERS: Record<string, [number, number, number, number][]> = {
  L: [
    [0, 0, 18, 90],
    [0, 72, 60, 18],
  ],
  A: [
    [0, 0, 18, 90],
    [42, 0, 18, 90],
    [0, 0, 60, 18],
    [0, 40, 60, 16],
  ],
  C: [
    [0, 0, 18, 90],
    [0, 0, 60, 18],
    [0, 72, 60, 18],
  ],
};

/** The picture: 640 × 360, 25 fps. */
export function demoAdPicture(seconds = DEMO_AD_SECONDS): string {
  const boxes: string[] = [
    // A red band sweeping in from the left in the first second.
    `drawbox=x='-640+min(1,t)*640':y=230:w=640:h=70:color=${RED}:t=fill`,
  ];
  ['L', 'A', 'C'].forEach((letter, i) => {
    const x0 = 200 + i * 84;
    for (const [x, y, w, h] of LETTERS[letter]) {
      // Each letter appears a third of a second after the one before it.
      boxes.push(`drawbox=x=${x0 + x}:y=${100 + y}:w=${w}:h=${h}:color=white:t=fill:enable='gte(t,${(0.6 + i * 0.35).toFixed(2)})'`);
    }
  });
  // The gold rule grows under the letters, then stays.
  boxes.push(`drawbox=x=200:y=206:w='max(1,min(228,(t-1.6)*228))':h=8:color=${GOLD}:t=fill:enable='gte(t,1.6)'`);
  // Four small gold squares light up one by one along the band: something moves till the end.
  for (let k = 0; k < 4; k++) {
    boxes.push(`drawbox=x=${236 + k * 48}:y=255:w=20:h=20:color=${GOLD}:t=fill:enable='gte(mod(t,4),${k})'`);
  }
  return `color=c=${NAVY}:s=640x360:r=25:d=${seconds},${boxes.join(',')}[v]`;
}

/** Writes the ad as an MP4 (H.264 + AAC) to `output`. */
export async function makeDemoAd(output: string, bin = ffmpegPath()): Promise<void> {
  const d = DEMO_AD_SECONDS;
  const sound = `sine=f=523:r=48000:d=${d},volume=0.25[a1];sine=f=659:r=48000:d=${d},volume=0.2[a2];[a1][a2]amix=inputs=2[a]`;
  await runFfmpeg(
    [
      ...['-filter_complex', `${demoAdPicture(d)};${sound}`, '-map', '[v]', '-map', '[a]', '-t', String(d)],
      ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p', '-g', '50'],
      ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-y', output],
    ],
    bin,
  );
}

// `npm run media:demo-ad [-- out.mp4]`
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = path.resolve(process.argv[2] ?? 'channel-api/seed/demo/lakeshore-ad.mp4');
  await makeDemoAd(out);
  console.log(`wrote ${out}`);
}

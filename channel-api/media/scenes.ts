/**
 * The pictures and sound of each demo asset, as lavfi filter graphs. Only filters present in
 * both Debian's ffmpeg and the 2018 static build are used (no drawtext: it needs fonts).
 */

export interface Scene {
  durationSeconds: number;
  fps: number;
  /** Filter graph with no inputs that ends in a `[v]` (640x360) and an `[a]` label. */
  graph: string;
}

interface CourtLook {
  floor: string;
  lines: string;
  home: string;
  away: string;
  ball: string;
  /** A small moving lavfi pattern in the corner, standing in for a scoreboard. */
  inset: 'testsrc2' | 'smptebars' | 'rgbtestsrc';
  toneHz: number;
  /** Speeds up or slows down the players, so each game moves differently. */
  pace: number;
}

function tone(hz: number, seconds: number): string {
  return `sine=f=${hz}:r=48000:d=${seconds}[a]`;
}

/** A top-down 'court': floor colour, lines, two players, a ball, a progress bar. */
function courtScene(look: CourtLook, d: number): Scene {
  const fps = 25;
  const src = (what: string, size: string) => `color=c=${what}:s=${size}:r=${fps}:d=${d}`;
  const p = look.pace;
  const graph = [
    `${src(look.floor, '640x360')},drawbox=x=20:y=20:w=600:h=320:color=${look.lines}:t=4,` +
      `drawbox=x=318:y=20:w=4:h=320:color=${look.lines}:t=fill,` +
      `drawbox=x=260:y=120:w=120:h=120:color=${look.lines}:t=4[court]`,
    `${src(look.home, '30x50')}[home]`,
    `${src(look.away, '30x50')}[away]`,
    `${src(look.ball, '24x24')}[ball]`,
    `${look.inset}=s=160x90:r=${fps}:d=${d}[inset]`,
    `${src('0xFFD600', '640x8')}[bar]`,
    `[court][home]overlay=x='300+200*sin(t*${0.9 * p})':y='150+90*cos(t*${1.3 * p})'[s1]`,
    `[s1][away]overlay=x='300+220*cos(t*${0.7 * p})':y='160+100*sin(t*${1.1 * p})'[s2]`,
    `[s2][ball]overlay=x='40+mod(t*${150 * p}\\,560)':y='166+110*sin(t*${3 * p})'[s3]`,
    `[s3][inset]overlay=x=460:y=250[s4]`,
    // The bar grows with the clock, so seeking is visible.
    `[s4][bar]overlay=x='-w+w*t/${d}':y=352[v]`,
    tone(look.toneHz, d),
  ].join(';');
  return { durationSeconds: d, fps, graph };
}

export const SCENES: Record<string, Scene> = {
  // Basketball: hardwood floor.
  'game-1': courtScene(
    { floor: '0xB5793E', lines: 'white', home: '0xC62828', away: '0x1565C0', ball: '0xFF8C00', inset: 'testsrc2', toneHz: 330, pace: 1 },
    24,
  ),
  // Soccer: grass.
  'game-2': courtScene(
    { floor: '0x2E7D32', lines: 'white', home: '0xFDD835', away: '0x6A1B9A', ball: 'white', inset: 'smptebars', toneHz: 392, pace: 0.6 },
    28,
  ),
  // Hockey: ice.
  'game-3': courtScene(
    { floor: '0xE3F2FD', lines: '0xD32F2F', home: '0x212121', away: '0x00897B', ball: 'black', inset: 'rgbtestsrc', toneHz: 262, pace: 1.6 },
    22,
  ),
  // What the demo sells (ADR 026): football on turf, a gym, a clay court.
  'game-4': courtScene(
    { floor: '0x33691E', lines: 'white', home: '0xB71C1C', away: '0xF9A825', ball: '0x6D4C41', inset: 'smptebars', toneHz: 294, pace: 0.8 },
    26,
  ),
  'game-5': courtScene(
    { floor: '0xD7B98E', lines: '0x1A237E', home: '0x2E7D32', away: '0xAD1457', ball: 'white', inset: 'testsrc2', toneHz: 349, pace: 1.2 },
    24,
  ),
  'game-6': courtScene(
    { floor: '0xBF5B32', lines: 'white', home: '0x263238', away: '0x0277BD', ball: '0xCDDC39', inset: 'rgbtestsrc', toneHz: 370, pace: 1.4 },
    22,
  ),
  // The game free for fans with an account: a court in the channel's blue.
  'game-7': courtScene(
    { floor: '0x0D47A1', lines: '0x90CAF9', home: 'white', away: '0xFFB300', ball: '0xE53935', inset: 'smptebars', toneHz: 415, pace: 0.7 },
    20,
  ),
  'test-pattern': { durationSeconds: 10, fps: 25, graph: `testsrc=size=640x360:rate=25:duration=10[v];${tone(440, 10)}` },
  // TOOLCHAIN §6's loop, at 25 fps rather than 30 to shorten the first start; keyframes
  // every 50 frames still give 30 × 2 s segments.
  live: { durationSeconds: 60, fps: 25, graph: `testsrc2=s=640x360:r=25:d=60[v];${tone(440, 60)}` },
  // The paid live game: the same loop in negative colours and another tone, so it is told apart.
  'live-2': { durationSeconds: 60, fps: 25, graph: `testsrc2=s=640x360:r=25:d=60,negate[v];${tone(523, 60)}` },
};

/**
 * The pictures and sound of each demo asset. Only filters present in both Debian's ffmpeg and
 * the 2018 static build are used (no drawtext: it needs fonts; the game clock is drawboxes,
 * clock.ts).
 *
 * A game lasts GAME_SECONDS, but its court is drawn for LOOP_SECONDS only, encoded once, and
 * looped under the clock and the progress bar (prepare.ts): drawing the court costs more than
 * encoding it, and the clock is what tells one moment of a game from another.
 */
import { GAME_SECONDS } from './assets.ts';

export interface Scene {
  durationSeconds: number;
  fps: number;
  /** Filter graph with no inputs that ends in a `[v]` (640x360), `loopSeconds` long. */
  picture: string;
  /** How long `picture` is; when shorter than the asset, it is encoded once and looped. */
  loopSeconds: number;
  toneHz: number;
  /** The MM:SS clock of the stream's own time (clock.ts). */
  clock: boolean;
  /** A bar along the bottom that grows with the clock, so seeking is visible. */
  progressBar: boolean;
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

/** How long a game's court is drawn before it repeats: a whole number of 2 s segments. */
export const LOOP_SECONDS = 24;

/** A top-down 'court': floor colour, lines, two players, a ball. */
function courtScene(look: CourtLook): Scene {
  const fps = 25;
  const d = LOOP_SECONDS;
  const src = (what: string, size: string) => `color=c=${what}:s=${size}:r=${fps}:d=${d}`;
  const p = look.pace;
  const picture = [
    `${src(look.floor, '640x360')},drawbox=x=20:y=20:w=600:h=320:color=${look.lines}:t=4,` +
      `drawbox=x=318:y=20:w=4:h=320:color=${look.lines}:t=fill,` +
      `drawbox=x=260:y=120:w=120:h=120:color=${look.lines}:t=4[court]`,
    `${src(look.home, '30x50')}[home]`,
    `${src(look.away, '30x50')}[away]`,
    `${src(look.ball, '24x24')}[ball]`,
    `${look.inset}=s=160x90:r=${fps}:d=${d}[inset]`,
    `[court][home]overlay=x='300+200*sin(t*${0.9 * p})':y='150+90*cos(t*${1.3 * p})'[s1]`,
    `[s1][away]overlay=x='300+220*cos(t*${0.7 * p})':y='160+100*sin(t*${1.1 * p})'[s2]`,
    `[s2][ball]overlay=x='40+mod(t*${150 * p}\\,560)':y='166+110*sin(t*${3 * p})'[s3]`,
    `[s3][inset]overlay=x=460:y=250[v]`,
  ].join(';');
  return { durationSeconds: GAME_SECONDS, fps, picture, loopSeconds: d, toneHz: look.toneHz, clock: true, progressBar: true };
}

/** The live loop (TOOLCHAIN §6) at 25 fps: keyframes every 50 frames give 30 × 2 s segments. */
function liveLoop(picture: string, toneHz: number): Scene {
  return { durationSeconds: 60, fps: 25, picture, loopSeconds: 60, toneHz, clock: true, progressBar: false };
}

/** Each demo game's court: the sport's floor and lines, the two teams' colours, the ball, the inset,
 *  the tone and the players' pace, so no two games look, sound or move alike. */
const COURTS: Record<string, CourtLook> = {
  // Basketball: hardwood floor.
  'game-1': { floor: '0xB5793E', lines: 'white', home: '0xC62828', away: '0x1565C0', ball: '0xFF8C00', inset: 'testsrc2', toneHz: 330, pace: 1 },
  // Soccer: grass.
  'game-2': { floor: '0x2E7D32', lines: 'white', home: '0xFDD835', away: '0x6A1B9A', ball: 'white', inset: 'smptebars', toneHz: 392, pace: 0.6 },
  // Hockey: ice.
  'game-3': { floor: '0xE3F2FD', lines: '0xD32F2F', home: '0x212121', away: '0x00897B', ball: 'black', inset: 'rgbtestsrc', toneHz: 262, pace: 1.6 },
  // What the demo sells (ADR 026): football on turf, a gym, a clay court.
  'game-4': { floor: '0x33691E', lines: 'white', home: '0xB71C1C', away: '0xF9A825', ball: '0x6D4C41', inset: 'smptebars', toneHz: 294, pace: 0.8 },
  'game-5': { floor: '0xD7B98E', lines: '0x1A237E', home: '0x2E7D32', away: '0xAD1457', ball: 'white', inset: 'testsrc2', toneHz: 349, pace: 1.2 },
  'game-6': { floor: '0xBF5B32', lines: 'white', home: '0x263238', away: '0x0277BD', ball: '0xCDDC39', inset: 'rgbtestsrc', toneHz: 370, pace: 1.4 },
  // The game free for fans with an account: a court in the channel's blue.
  'game-7': { floor: '0x0D47A1', lines: '0x90CAF9', home: 'white', away: '0xFFB300', ball: '0xE53935', inset: 'smptebars', toneHz: 415, pace: 0.7 },
};

export const SCENES: Record<string, Scene> = {
  ...Object.fromEntries(Object.entries(COURTS).map(([asset, look]) => [asset, courtScene(look)])),
  'test-pattern': {
    durationSeconds: 10,
    fps: 25,
    picture: 'testsrc=size=640x360:rate=25:duration=10[v]',
    loopSeconds: 10,
    toneHz: 440,
    clock: false,
    progressBar: false,
  },
  // The clock of a live loop restarts with each loop (00:00–00:59), as its picture does.
  live: liveLoop('testsrc2=s=640x360:r=25:d=60[v]', 440),
  // The paid live game: the same loop in negative colours and another tone, so it is told apart.
  'live-2': liveLoop('testsrc2=s=640x360:r=25:d=60,negate[v]', 523),
};

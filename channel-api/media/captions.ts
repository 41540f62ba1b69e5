/** What the demo captions say: one English line per play, a few seconds apart. */
import { GAME_SECONDS } from './assets.ts';
import type { Cue } from './vtt.ts';

/** Line i starts at i × every and shows until just before the next; the lines repeat from the
 *  first until `seconds` are covered (a game's court loops too). */
function everySeconds(every: number, lines: string[], seconds = every * lines.length): Cue[] {
  const count = Math.ceil(seconds / every);
  return Array.from({ length: count }, (_, i) => ({ start: i * every, end: Math.min(seconds, i * every + every - 0.5), text: lines[i % lines.length] }));
}

export const CAPTIONS: Record<string, Cue[]> = {
  'game-1': everySeconds(
    3,
    [
      'Tip-off — Ridgeview wins the jump',
      'Quick pass up the left side',
      'Three-pointer from the wing!',
      'Harbor Point answers with a layup',
      'Steal at half court',
      'Fast break, and the dunk',
      'Timeout called by Harbor Point',
      'Free throw is good',
    ],
    GAME_SECONDS,
  ),
  'game-2': everySeconds(
    3.5,
    [
      'Kick-off at Lakeside Field',
      'Long ball down the right wing',
      'Cross into the box — headed wide',
      'Corner kick for the visitors',
      'Save by the keeper!',
      'Counter-attack through midfield',
      'Shot from the edge of the area — GOAL!',
      'Players celebrate at the corner flag',
    ],
    GAME_SECONDS,
  ),
  'game-3': everySeconds(
    2.75,
    [
      'Puck drop at centre ice',
      'Dump and chase into the corner',
      'Hard check along the boards',
      'Slap shot from the point',
      'Glove save!',
      'Power play coming up',
      'One-timer from the slot',
      'Final horn sounds',
    ],
    GAME_SECONDS,
  ),
  'game-4': everySeconds(
    3.25,
    [
      'Kick-off from the 35-yard line',
      'Run up the middle for six yards',
      'Play-action pass — complete!',
      'First down at midfield',
      'Sack on third down',
      'Punt downed at the ten',
      'Interception!',
      'Touchdown Pinecrest',
    ],
    GAME_SECONDS,
  ),
  'game-5': everySeconds(
    3,
    [
      'Opening serve from the baseline',
      'Dig, set — spike!',
      'Block at the net',
      'Long rally, and the point',
      'Service ace',
      'Timeout called',
      'Set point',
      'Match point — and it is over',
    ],
    GAME_SECONDS,
  ),
  'game-6': everySeconds(
    2.75,
    [
      'Face-off won in the circle',
      'Breakaway down the left',
      'Save by the goalie',
      'Penalty called for tripping',
      'Power play goal!',
      'Icing called',
      'Shot off the post',
      'Final horn',
    ],
    GAME_SECONDS,
  ),
  'game-7': everySeconds(
    2.5,
    [
      'Welcome to fans night at the Fieldhouse',
      'Opening tip goes to Lakeview',
      'Pull-up jumper — good',
      'Charge taken at the top of the key',
      'Back-door cut and a layup',
      'Thanks for watching',
    ],
    GAME_SECONDS,
  ),
  'test-pattern': everySeconds(2.5, ['Test pattern', 'You should hear a 440 Hz tone', 'Captions are working', 'End of test stream']),
  // 60 s loop: a cue starts at 0 so the loop point is visible in the captions too.
  live: everySeconds(4, [
    'LIVE — Tip-off at Fieldhouse Arena',
    'Ball moves around the perimeter',
    'Drive to the basket, and a foul',
    'Both free throws are good',
    'Turnover — Ridgeview takes over',
    'Three-pointer from the corner!',
    'Timeout on the floor',
    'Back from the break',
    'Alley-oop!',
    'Shot clock winding down',
    'Blocked at the rim',
    'Outlet pass and a layup',
    'Crowd on its feet',
    'Substitution for Harbor Point',
    'End of the quarter',
  ]),
  'live-2': everySeconds(4, [
    'LIVE — Kick-off under the lights',
    'Run to the outside',
    'Pass over the middle, caught',
    'Penalty flag on the play',
    'Field goal attempt — good!',
    'Kick return to the forty',
    'Third and long',
    'Touchdown!',
    'Extra point is good',
    'Two-minute warning',
    'Timeout on the field',
    'Back from the break',
    'Interception at the goal line',
    'Crowd on its feet',
    'End of the quarter',
  ]),
};

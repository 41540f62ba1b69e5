/** What the demo captions say: one English line per play, a few seconds apart. */
import type { Cue } from './vtt.ts';

/** Spreads lines evenly: line i starts at i × every and shows until just before the next. */
function everySeconds(every: number, lines: string[]): Cue[] {
  return lines.map((text, i) => ({ start: i * every, end: i * every + every - 0.5, text }));
}

export const CAPTIONS: Record<string, Cue[]> = {
  'game-1': everySeconds(3, [
    'Tip-off — Ridgeview wins the jump',
    'Quick pass up the left side',
    'Three-pointer from the wing!',
    'Harbor Point answers with a layup',
    'Steal at half court',
    'Fast break, and the dunk',
    'Timeout called by Harbor Point',
    'Free throw is good',
  ]),
  'game-2': everySeconds(3.5, [
    'Kick-off at Lakeside Field',
    'Long ball down the right wing',
    'Cross into the box — headed wide',
    'Corner kick for the visitors',
    'Save by the keeper!',
    'Counter-attack through midfield',
    'Shot from the edge of the area — GOAL!',
    'Players celebrate at the corner flag',
  ]),
  'game-3': everySeconds(2.75, [
    'Puck drop at centre ice',
    'Dump and chase into the corner',
    'Hard check along the boards',
    'Slap shot from the point',
    'Glove save!',
    'Power play coming up',
    'One-timer from the slot',
    'Final horn sounds',
  ]),
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
};

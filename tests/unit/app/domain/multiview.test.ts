import { describe, expect, it } from 'vitest';
import {
  enlargedTile,
  MULTIVIEW_MAX,
  multiviewHref,
  multiviewTiles,
  parseMultiviewPick,
  pickedAnnouncement,
  pickNoteText,
  sameGames,
  soundAnnouncement,
} from '~/domain/multiview';

describe('parseMultiviewPick', () => {
  it('keeps the ids in the order picked', () => {
    expect(parseMultiviewPick(['3', '1'])).toEqual({ ids: [3, 1], notes: [] });
  });

  it('keeps no more than four games, and says so', () => {
    expect(MULTIVIEW_MAX).toBe(4);
    expect(parseMultiviewPick(['1', '2', '3', '4', '5', '6'])).toEqual({ ids: [1, 2, 3, 4], notes: [{ kind: 'too-many' }] });
  });

  it('shows a game picked twice once, and says so; a repeat does not count towards the four', () => {
    expect(parseMultiviewPick(['1', '1', '2', '3', '4'])).toEqual({ ids: [1, 2, 3, 4], notes: [{ kind: 'duplicate' }] });
  });

  it('leaves out what is not an id the channel can have, counting them', () => {
    const pick = parseMultiviewPick(['abc', '', '-1', '0', '1.5', '2147483648', '99999999999', ' 7 ', '1e3', '\u0661']);
    expect(pick.ids).toEqual([7]);
    expect(pick.notes).toEqual([{ kind: 'not-found', count: 9 }]);
  });

  it('reports every kind of problem at once, bad values not counting towards the four', () => {
    expect(parseMultiviewPick(['x', '1', '2', '2', '3', '4', '5'])).toEqual({
      ids: [1, 2, 3, 4],
      notes: [{ kind: 'too-many' }, { kind: 'duplicate' }, { kind: 'not-found', count: 1 }],
    });
  });

  it('reads a thousand values without trouble', () => {
    const pick = parseMultiviewPick(Array.from({ length: 1000 }, (_, i) => String(i + 1)));
    expect(pick.ids).toEqual([1, 2, 3, 4]);
  });
});

describe('multiviewTiles', () => {
  const game = (id: number, live: boolean) => ({ id, title: `Game ${id}`, live });

  it('gives a tile to each live game, in the order picked', () => {
    const pick = parseMultiviewPick(['2', '1']);
    expect(multiviewTiles(pick, [game(2, true), game(1, true)])).toEqual({ tiles: [game(2, true), game(1, true)], notes: [] });
  });

  it('names a game that is not live, with its page', () => {
    const pick = parseMultiviewPick(['2', '1']);
    expect(multiviewTiles(pick, [game(2, false), game(1, true)])).toEqual({
      tiles: [game(1, true)],
      notes: [{ kind: 'not-live', title: 'Game 2', href: '/watch/2' }],
    });
  });

  it('counts unknown ids with the ones that were no ids at all', () => {
    const pick = parseMultiviewPick(['x', '5', '1']);
    expect(multiviewTiles(pick, [null, game(1, true)]).notes).toEqual([{ kind: 'not-found', count: 2 }]);
    expect(multiviewTiles(parseMultiviewPick(['5']), [null]).notes).toEqual([{ kind: 'not-found', count: 1 }]);
  });
});

describe('pickNoteText', () => {
  it('says each problem in a sentence', () => {
    expect(pickNoteText({ kind: 'too-many' })).toBe('Pick up to four live games: the first four you picked are shown.');
    expect(pickNoteText({ kind: 'duplicate' })).toBe('You picked a game more than once: it is shown once.');
    expect(pickNoteText({ kind: 'not-found', count: 1 })).toBe('One of the games you picked was not found.');
    expect(pickNoteText({ kind: 'not-found', count: 3 })).toBe('3 of the games you picked were not found.');
  });
});

describe('enlargedTile', () => {
  it('is one of the tiles, or none', () => {
    expect(enlargedTile('2', [1, 2])).toBe(2);
    expect(enlargedTile('3', [1, 2])).toBeNull();
    expect(enlargedTile('', [1, 2])).toBeNull();
    expect(enlargedTile('two', [1, 2])).toBeNull();
    expect(enlargedTile(null, [1, 2])).toBeNull();
  });
});

describe('addresses', () => {
  it('writes the games, and the enlarged one', () => {
    expect(multiviewHref([3, 1])).toBe('/multiview?id=3&id=1');
    expect(multiviewHref([3, 1], 1)).toBe('/multiview?id=3&id=1&enlarge=1');
  });

  it('tells whether only the enlarged tile differs', () => {
    const a = new URLSearchParams('id=1&id=2');
    expect(sameGames(a, new URLSearchParams('id=1&id=2&enlarge=2'))).toBe(true);
    expect(sameGames(a, new URLSearchParams('id=2&id=1'))).toBe(false);
    expect(sameGames(a, new URLSearchParams('id=1'))).toBe(false);
  });
});

describe('announcements', () => {
  it('says which game has the sound', () => {
    expect(soundAnnouncement('A @ B')).toBe('Sound on: A @ B. The other games are muted.');
    expect(soundAnnouncement(null)).toBe('All games are muted.');
  });

  it('counts the picked games up to the most', () => {
    expect(pickedAnnouncement(2)).toBe('2 of 4 games picked.');
    expect(pickedAnnouncement(4)).toBe('Four games picked, the most on one screen. Untick one to pick another.');
  });
});

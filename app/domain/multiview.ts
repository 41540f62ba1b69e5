/* /multiview: up to four live games on one screen, picked on /live ("Watch together") as
 * `?id=1&id=2…`. What the address asks for is read leniently — a bad id is left out with a word
 * about it, never an error — so whatever else it names still plays. Pure: the route's loader asks
 * the channel about the ids this returns, and the page words what was left out from its notes. */
import { ENGLISH, type AppTranslator } from '~/i18n/english';
import { positiveInt } from './list-query.ts';

/** How many games fit on one screen. */
export const MULTIVIEW_MAX = 4;

/** Why a picked id shows no tile. */
export type PickNote =
  /** More than MULTIVIEW_MAX games: the first ones are shown. */
  | { kind: 'too-many' }
  /** The same game twice: shown once. */
  | { kind: 'duplicate' }
  /** Not an id, or no game of the channel has it (`count` of them). */
  | { kind: 'not-found'; count: number }
  /** A game that is not live now, with its page. */
  | { kind: 'not-live'; title: string; href: `/watch/${number}` };

export interface MultiviewPick {
  /** The games to ask the channel about, in the order picked: at most MULTIVIEW_MAX, no repeats. */
  ids: number[];
  notes: PickNote[];
}

/** The `id` values of the address, read: the first MULTIVIEW_MAX different games, and notes on the rest. */
export function parseMultiviewPick(values: readonly string[]): MultiviewPick {
  const ids: number[] = [];
  let notAnId = 0;
  let duplicate = false;
  let tooMany = false;
  for (const value of values) {
    const id = positiveInt(value);
    if (id === null) notAnId += 1;
    else if (ids.includes(id)) duplicate = true;
    else if (ids.length === MULTIVIEW_MAX) tooMany = true;
    else ids.push(id);
  }
  const notes: PickNote[] = [];
  if (tooMany) notes.push({ kind: 'too-many' });
  if (duplicate) notes.push({ kind: 'duplicate' });
  if (notAnId > 0) notes.push({ kind: 'not-found', count: notAnId });
  return { ids, notes };
}

/** The game the channel answered for a picked id (null: it has none), with what decides its tile. */
export interface PickedGame {
  id: number;
  title: string;
  live: boolean;
}

/** The picked games that get a tile (the live ones, in the order picked), and every note: the
 *  address's own, then one for the unknown ids and one per game that is not live. */
export function multiviewTiles<G extends PickedGame>(pick: MultiviewPick, games: ReadonlyArray<G | null>): { tiles: G[]; notes: PickNote[] } {
  const tiles = games.filter((g): g is G => g !== null && g.live);
  const unknown = games.filter((g) => g === null).length;
  const notes: PickNote[] = pick.notes.filter((n) => n.kind !== 'not-found');
  const notAnId = pick.notes.reduce((sum, n) => (n.kind === 'not-found' ? sum + n.count : sum), 0);
  if (unknown + notAnId > 0) notes.push({ kind: 'not-found', count: unknown + notAnId });
  for (const g of games) if (g && !g.live) notes.push({ kind: 'not-live', title: g.title, href: `/watch/${g.id}` });
  return { tiles, notes };
}

/** What a note says ('not-live' is said with a link to the game: the page writes it). */
export function pickNoteText(note: Exclude<PickNote, { kind: 'not-live' }>, t: AppTranslator['t'] = ENGLISH.t): string {
  switch (note.kind) {
    case 'too-many':
      return t('multiview.note.tooMany');
    case 'duplicate':
      return t('multiview.note.duplicate');
    case 'not-found':
      return t('multiview.note.notFound', { n: note.count });
  }
}

/** The tile shown large (`?enlarge=<id>`), if it is one of the tiles; else none. */
export function enlargedTile(value: string | null, tileIds: readonly number[]): number | null {
  const id = value === null ? null : positiveInt(value);
  return id !== null && tileIds.includes(id) ? id : null;
}

/** Whether two addresses of /multiview show the same games (only the enlarged tile differs). */
export function sameGames(a: URLSearchParams, b: URLSearchParams): boolean {
  const ids = (s: URLSearchParams) => s.getAll('id').join('&');
  return ids(a) === ids(b);
}

/** The address of these games on one screen, optionally with one of them large. */
export function multiviewHref(ids: readonly number[], enlarge: number | null = null): string {
  const params = new URLSearchParams(ids.map((id) => ['id', String(id)]));
  if (enlarge !== null) params.set('enlarge', String(enlarge));
  return `/multiview?${params}`;
}

/** What the page's status line says about the sound (one tile's at a time). */
export function soundAnnouncement(title: string | null, t: AppTranslator['t'] = ENGLISH.t): string {
  return title === null ? t('multiview.muted') : t('multiview.soundOn', { title });
}

/** What the /live form says about how many are picked (with JavaScript). */
export function pickedAnnouncement(count: number, t: AppTranslator['t'] = ENGLISH.t): string {
  if (count >= MULTIVIEW_MAX) return t('multiview.pickedMax');
  return t('multiview.picked', { n: count, max: MULTIVIEW_MAX });
}

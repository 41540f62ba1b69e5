/* The one name of a game (issue 34), the same on its card, its watch page, at checkout, on its
 * order and receipt, in its alert mails, in a calendar feed and in the names of its files. The
 * web app and the channel API both build it here, from the wire event (or the same fields read
 * from the database).
 *
 * Spec section 3: a 2-participant event shows 'away @ home', the home team being the participant
 * whose id is home_team_id; anything else keeps the event's name. A team named after its school
 * and its sport ('Bayside Mariners Boys Soccer', as the spec's child participants often are) says
 * the sport once, after the match-up: 'Bayside Mariners @ Lakeview Lions (Boys Soccer)', when both
 * teams' names end with the name of one of the game's sports (its own first, then its parent). */

export interface NamedGame {
  name: string;
  home_team_id?: number | null;
  participants?: ReadonlyArray<{ id: number; name: string }>;
  /** The game's own sport (a category id); its name is looked up in `event_categories`. */
  event_category_id?: number | null;
  event_categories?: ReadonlyArray<{ id: number; name: string }>;
}

/** What a game with neither a match-up nor a name is called. */
export const UNNAMED_GAME = 'Untitled game';

/** The game's sports by name, its own first: the suffix a team's name may share with it. */
function sportNames(game: NamedGame): string[] {
  const categories = game.event_categories ?? [];
  const own = categories.filter((c) => c.id === game.event_category_id);
  return [...own, ...categories.filter((c) => c.id !== game.event_category_id)].map((c) => c.name.trim()).filter(Boolean);
}

/** The sport both names end with (as whole words), if any. */
function sharedSport(names: readonly string[], sports: readonly string[]): string | null {
  return sports.find((sport) => names.every((n) => n.length > sport.length && n.toLowerCase().endsWith(` ${sport.toLowerCase()}`))) ?? null;
}

/** The name fans read for a game: 'Bayside Mariners @ Lakeview Lions (Boys Soccer)',
 *  'Northfield Hawks @ Southport Owls', or the event's own name. */
export function gameName(game: NamedGame): string {
  const ps = game.participants ?? [];
  if (ps.length === 2 && game.home_team_id != null) {
    const home = ps.find((p) => p.id === game.home_team_id)?.name.trim();
    const away = ps.find((p) => p.id !== game.home_team_id)?.name.trim();
    if (home && away) {
      const sport = sharedSport([away, home], sportNames(game));
      if (!sport) return `${away} @ ${home}`;
      const short = (n: string) => n.slice(0, n.length - sport.length - 1).trim();
      return `${short(away)} @ ${short(home)} (${sport})`;
    }
  }
  return game.name.trim() || UNNAMED_GAME;
}

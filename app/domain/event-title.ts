/* Event titles (spec section 3): a 2-participant event reads 'away @ home', the home team
 * being the participant whose id is home_team_id; anything else keeps the event's name. */

interface TitledEvent {
  name: string;
  home_team_id?: number | null;
  participants?: ReadonlyArray<{ id: number; name: string }>;
}

export function eventTitle(event: TitledEvent): string {
  const ps = event.participants ?? [];
  if (ps.length === 2 && event.home_team_id != null) {
    const home = ps.find((p) => p.id === event.home_team_id);
    const away = ps.find((p) => p.id !== event.home_team_id);
    if (home && away && home.name.trim() && away.name.trim()) return `${away.name.trim()} @ ${home.name.trim()}`;
  }
  return event.name.trim() || 'Untitled event';
}

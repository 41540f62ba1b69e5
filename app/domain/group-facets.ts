/* The bootstrap's participant-group-properties (spec sections 3 and 7: a participant's properties,
 * gender and sport) as filters over a division's teams (issue 36): each property whose values
 * tell the teams apart is a facet, a choice per facet narrows the list. Read leniently, as the
 * game filters are: an unknown value is dropped, never an error. Pure: the loader passes the
 * lists it reads. */
import type { Participant } from '#contract';

export interface GroupProperty {
  name: string;
  label: string;
  values: ReadonlyArray<{ value: string; label: string }>;
}

/** A property as a filter: the values the teams carry, in the channel's order. */
export interface Facet {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/** Names the follow page's own query already uses (its games' status, view and page). */
const TAKEN = new Set(['status', 'view', 'page']);

/** The properties that apply to these participants: at least two of their values occur among
 *  them (a filter with one choice filters nothing); only the values that occur are offered. */
export function facetsFor(properties: readonly GroupProperty[], participants: readonly Pick<Participant, 'properties'>[]): Facet[] {
  return properties.flatMap((p) => {
    if (TAKEN.has(p.name)) return [];
    const held = new Set(participants.map((x) => x.properties[p.name]));
    const options = p.values.filter((v) => held.has(v.value)).map((v) => ({ value: v.value, label: v.label }));
    return options.length >= 2 ? [{ name: p.name, label: p.label, options }] : [];
  });
}

/** The facets' values chosen in the query (`?gender=W&sport=soccer`); unknown values dropped. */
export function facetChoice(facets: readonly Facet[], search: URLSearchParams): Record<string, string> {
  const choice: Record<string, string> = {};
  for (const f of facets) {
    const value = search.get(f.name);
    if (value !== null && f.options.some((o) => o.value === value)) choice[f.name] = value;
  }
  return choice;
}

/** Whether a participant holds every chosen value. */
export const holdsChoice = (participant: Pick<Participant, 'properties'>, choice: Readonly<Record<string, string>>) =>
  Object.entries(choice).every(([name, value]) => participant.properties[name] === value);

/** What the chosen values say, for the results' heading: 'Women · Soccer'. */
export function choiceWords(facets: readonly Facet[], choice: Readonly<Record<string, string>>): string {
  return facets.flatMap((f) => f.options.filter((o) => o.value === choice[f.name]).map((o) => o.label)).join(' · ');
}

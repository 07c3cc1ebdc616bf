/** At most this many suggestions answer an autocomplete query. */
export const MAX_SUGGESTIONS = 20;

/** The candidates whose name contains the query, regardless of case: names starting with it first, then by name. */
export function bestMatches<T extends { name: string }>(candidates: T[], query: string): T[] {
  const wanted = query.trim().toLowerCase();
  return candidates
    .map((candidate) => ({ candidate, at: candidate.name.toLowerCase().indexOf(wanted) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => Number(a.at > 0) - Number(b.at > 0) || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ candidate }) => candidate);
}

// Ranks candidate strings by closeness to what was asked for, for "did you mean" answers on 404s.

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** The `max` candidates closest to `wanted` by edit distance; containing each other counts as closer. */
export function closestNames(wanted: string, candidates: string[], max = 5): string[] {
  const w = wanted.toLowerCase();
  return candidates
    .map((c) => {
      const lc = c.toLowerCase();
      const contains = lc.includes(w) || w.includes(lc);
      const distance = levenshtein(w, lc) / Math.max(w.length, lc.length, 1);
      return { c, contains, distance: contains ? distance / 2 : distance };
    })
    .filter((x) => x.contains || x.distance <= 0.6)
    .sort((a, b) => a.distance - b.distance || a.c.localeCompare(b.c))
    .slice(0, max)
    .map((x) => x.c);
}

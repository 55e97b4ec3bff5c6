// Which of two resource versions is newer, as far as staleness cares. Versions are free text
// ("v2.3.1", "1.0.0-beta", "2024.05"): their numbers are read in order. A report is behind when a
// newer MAJOR version was reported (2.x after 1.x); under 0.x, where minor versions break things
// by convention (semver), a newer MINOR counts (0.4 after 0.3). Patch releases never make a
// report stale. A version without digits ("latest", "main") cannot be compared and never makes
// anything stale, nor is it made stale.

/** The part of a version that staleness compares, or null when it has no number. */
export function versionKey(version: string): number[] | null {
  const numbers = version.match(/\d+/g)?.map(Number);
  if (!numbers || numbers.length === 0 || numbers.some((n) => !Number.isSafeInteger(n))) return null;
  return numbers[0] === 0 ? [0, numbers[1] ?? 0] : [numbers[0]];
}

/** Negative, zero or positive as a's key is older, the same or newer than b's (both comparable). */
export function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The newest comparable version of the list (the first given among equals), or "" when none is. */
export function newestVersion(versions: readonly string[]): string {
  let best = "";
  let bestKey: number[] | null = null;
  for (const v of versions) {
    const key = versionKey(v);
    if (key && (!bestKey || compareKeys(key, bestKey) > 0)) [best, bestKey] = [v, key];
  }
  return best;
}

/** Whether `candidate` is a newer version than `mine` for staleness; false when either cannot be compared. */
export function isNewerVersion(candidate: string, mine: string): boolean {
  const a = versionKey(candidate);
  const b = versionKey(mine);
  return a !== null && b !== null && compareKeys(a, b) > 0;
}

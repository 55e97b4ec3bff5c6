// "Did you mean": the closest resource names to one that does not exist, for 404 answers. Found
// through the trigram index (name-index-repo.ts) rather than by comparing every name, so a
// lookup costs about the same for a short or a 190-character name and for 1,000 or 100,000
// resources: each of the name's rarest trigrams brings at most `perGram` names (a rare trigram all
// of its names), and only those are ranked by edit distance (lib/similar-names.ts).
import { resourceKey } from "../text/resource-key";
import { closestNames } from "../similar-names";
import { countNameGrams, findNamesByGram, findNamesByPrefix } from "./name-index-repo";

const TUNING = {
  /** Characters of the asked name that give trigrams: enough to tell names apart. */
  gramChars: 64,
  /** The rarest trigrams that look candidates up. */
  grams: 6,
  /** Names each trigram brings; names of a short name's prefix. */
  perGram: 40,
  /** Suggestions answered. */
  answered: 5,
} as const;

export async function suggestResourceNames(wanted: string, { anyStatus = false } = {}): Promise<string[]> {
  const key = resourceKey(wanted).slice(0, TUNING.gramChars);
  const chars = [...key];
  if (chars.length < 3) return closestNames(wanted, await findNamesByPrefix(key, TUNING.perGram, anyStatus), TUNING.answered);
  const grams = [...new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join("")))];
  const counts = await countNameGrams(grams);
  const rarest = [...counts].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, TUNING.grams).map(([gram]) => gram);
  if (rarest.length === 0) return [];
  const candidates = new Set<string>();
  for (const gram of rarest) for (const name of await findNamesByGram(gram, TUNING.perGram, anyStatus)) candidates.add(name);
  return closestNames(wanted, [...candidates], TUNING.answered);
}

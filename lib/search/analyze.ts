// Text analysis shared by indexing and querying: the same function produces the tokens stored in
// the FTS index and the tokens looked up, so the two can never disagree.
import { stemmer } from "stemmer";

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /^[a-z][a-z']*$/;

// Function words that carry no task meaning in either language.
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could do does for from had has have how i if in into is it its " +
    "me my of on or our so than that the their them then there these this those to too was we were what when " +
    "where which while who why will with would you your via using use used want need needs get got some any " +
    "的 了 和 与 及 或 在 是 把 被 用 对 从 到 为 将 个 这 那 一 一个 我 我们 你 他 她 它 吗 呢 吧 啊 也 都 就 还 要 想 需要 " +
    "如何 怎么 怎样 什么 哪个 哪些 进行 使用 可以 能 会 让 给 地 得 着 过 中 里 上 下"
  ).split(/\s+/),
);

export type Token = string;

/** NFKC, case folding and whitespace collapsing: the identity of a piece of text. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Splits text into index terms: stemmed English words, segmented Chinese words, numbers. */
export function analyze(text: string): Token[] {
  const tokens: Token[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalizeText(text))) {
    if (!isWordLike) continue;
    // UAX 29 keeps "pdfminer.six" and "don't" whole; index their parts.
    for (const part of segment.split(/[^\p{L}\p{N}]+/u)) {
      if (!part || STOP_WORDS.has(part)) continue;
      if (LATIN_WORD.test(part)) {
        tokens.push(part.length > 3 ? stemmer(part) : part);
      } else if (HAN.test(part)) {
        tokens.push(part);
      } else {
        tokens.push(part);
      }
    }
  }
  return tokens;
}

/** The analyzed form stored in the experiences.search_* columns. */
export function indexText(text: string): string {
  return analyze(text).join(" ");
}

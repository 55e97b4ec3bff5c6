// FTS5's bm25 (sqlite/ext/fts5/fts5_aux.c) computed in code from candidate rows' analyzed fields,
// for PostgreSQL's ranked OR (search-index-pg.ts): which rows enter its bounded set is decided as on
// SQLite. ts_rank has no idf, so in an OR of several words it prefers rows repeating a common one
// where bm25 prefers the row holding the rare one (47 of the eval's 300 queries got other rows).
import type { CandidateRow } from "./search-index";

const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** In the order of the fields: name, task, tips, outcome (SQLite's bm25(experience_fts, 3, 4, 1.5, 1)). */
const BM25_WEIGHTS = [3, 4, 1.5, 1];

/**
 * A field's length in tokens, or -1 when it is not single-space-separated tokens (what the analyzer
 * writes; such a field is then counted by splitting it, as before). One pass over its characters.
 */
function plainTokenCount(field: string): number {
  if (field === "") return 0;
  let n = 1;
  let space = true;
  for (let i = 0; i < field.length; i++) {
    if (field.charCodeAt(i) !== 32) {
      space = false;
      continue;
    }
    if (space) return -1;
    space = true;
    n++;
  }
  return space ? -1 : n;
}

/**
 * Occurrences of the phrase (tokens one space apart) in the field's tokens, overlapping ones too, as
 * FTS5's instances: whole tokens found in the text, which costs a tenth of splitting every field of
 * every matching row (a ranked OR reads up to 2,000). `plain`: whether the field is plain tokens.
 */
function countPhrase(field: string, plain: boolean, phrase: string): number {
  if (!plain) return countTokens(field.split(" ").filter(Boolean), phrase.split(" "));
  let n = 0;
  for (let at = field.indexOf(phrase); at >= 0; at = field.indexOf(phrase, at + 1)) {
    const end = at + phrase.length;
    if ((at === 0 || field.charCodeAt(at - 1) === 32) && (end === field.length || field.charCodeAt(end) === 32)) n++;
  }
  return n;
}

function countTokens(tokens: string[], phrase: string[]): number {
  let n = 0;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    let k = 0;
    while (k < phrase.length && tokens[i + k] === phrase[k]) k++;
    if (k === phrase.length) n++;
  }
  return n;
}

/**
 * FTS5's bm25 of each row for these phrases (one per quoted phrase of the expression, repeats
 * included), with its arithmetic in its order; higher is better. `hits`: rows holding each phrase.
 */
export function bm25(rows: CandidateRow[], phrases: string[], hits: number[], totals: { rows: number; tokens: number }): Map<CandidateRow, number> {
  const avgdl = totals.tokens / totals.rows;
  const idf = hits.map((nHit) => {
    const v = Math.log((totals.rows - nHit + 0.5) / (nHit + 0.5));
    return v <= 0 ? 1e-6 : v;
  });
  const out = new Map<CandidateRow, number>();
  for (const row of rows) {
    const fields = [row.sName, row.sTask, row.sTips, row.sOutcome];
    const counts = fields.map(plainTokenCount);
    const D = fields.reduce((n, f, c) => n + (counts[c] >= 0 ? counts[c] : f.split(" ").filter(Boolean).length), 0);
    let score = 0;
    phrases.forEach((phrase, i) => {
      let freq = 0;
      fields.forEach((field, c) => (freq += countPhrase(field, counts[c] >= 0, phrase) * BM25_WEIGHTS[c]));
      score += idf[i] * ((freq * (BM25_K1 + 1.0)) / (freq + BM25_K1 * (1 - BM25_B + (BM25_B * D) / avgdl)));
    });
    out.set(row, score);
  }
  return out;
}

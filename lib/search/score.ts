// Relevance of one experience to a planned query, computed from its analyzed fields. Each query
// word counts by its specificity (idf), by where it was found (the task says what the experience
// is about; tips and outcome often mention things in passing) and by whether the agent typed it or
// the lexicon supplied it.
import type { QueryGroup } from "./plan";
import type { CandidateRow } from "./repo";
import { rowText } from "./row-text";

// name, task, tips, outcome
const FIELD_WEIGHTS = [0.9, 1.0, 0.5, 0.4];
// A synonym or translation from the lexicon is weaker evidence than the word itself.
const EXPANSION_FACTOR = 0.6;
// Coverage (for the confidence gate) is about whether the concept is present at all.
const EXPANSION_COVERAGE = 0.8;
// The general word lists' forms are weaker still: the sense they translate may not be the one meant.
const LOOSE_FACTOR = 0.5;
const LOOSE_COVERAGE = 0.7;

export type Scored = {
  row: CandidateRow;
  /** 0..1: idf-weighted, field-weighted share of the query found. */
  relevance: number;
  /** 0..1: idf-weighted share of the query's words present anywhere in the experience. */
  coverage: number;
  /** Per query group: its weight if present here (expansions count EXPANSION_COVERAGE of it). */
  covered: number[];
  totalWeight: number;
  matched: string[];
  expanded: string[];
  missing: string[];
  /** Multiplier from what verdicts say of the report (search-experiences.ts standingFactor); 1 without any. */
  standing: number;
};

function padded(text: string): string {
  return ` ${text} `;
}

export function scoreRow(row: CandidateRow, groups: QueryGroup[]): Scored {
  const all = rowText(row);
  let fields: string[] | null = null;
  // Best field holding the form, as an index into FIELD_WEIGHTS (fields are in that order), or -1.
  // Most forms (lexicon alternatives above all) are in no field: one look at the whole row says so.
  const where = (form: string) => {
    const needle = ` ${form} `;
    if (!all.includes(needle)) return -1;
    fields ??= [row.sName, row.sTask, row.sTips, row.sOutcome].map(padded);
    for (let f = 0; f < fields.length; f++) if (fields[f].includes(needle)) return f;
    return -1;
  };
  const bestOf = (forms: string[]) => {
    let best = -1;
    for (const form of forms) {
      const f = where(form);
      if (f >= 0 && (best < 0 || FIELD_WEIGHTS[f] > FIELD_WEIGHTS[best])) best = f;
    }
    return best;
  };
  let total = 0;
  let gained = 0;
  let covered = 0;
  const parts: number[] = [];
  const matched: string[] = [];
  const expanded: string[] = [];
  const missing: string[] = [];
  for (const g of groups) {
    total += g.weight;
    const ownField = bestOf(g.own);
    const own = ownField < 0 ? 0 : FIELD_WEIGHTS[ownField];
    let alt = 0;
    let altForm = "";
    let altCoverage = 0;
    if (own < FIELD_WEIGHTS[1]) {
      for (const [forms, factor, coverage] of [
        [g.liveAlts, EXPANSION_FACTOR, EXPANSION_COVERAGE],
        [g.looseAlts, LOOSE_FACTOR, LOOSE_COVERAGE],
      ] as const) {
        for (const form of forms) {
          const f = where(form);
          const w = f < 0 ? 0 : FIELD_WEIGHTS[f] * factor;
          if (w > alt) [alt, altForm, altCoverage] = [w, form, coverage];
        }
      }
    }
    if (own >= alt && own > 0) {
      const c = g.weight;
      gained += g.weight * own;
      covered += c;
      parts.push(c);
      matched.push(g.term);
    } else if (alt > 0) {
      const c = g.weight * altCoverage;
      gained += g.weight * alt;
      covered += c;
      parts.push(c);
      expanded.push(`${g.term}~${altForm}`);
    } else {
      parts.push(0);
      missing.push(g.term);
    }
  }
  return {
    row,
    relevance: total > 0 ? gained / total : 0,
    coverage: total > 0 ? covered / total : 0,
    covered: parts,
    totalWeight: total,
    matched,
    expanded,
    missing,
    standing: 1,
  };
}

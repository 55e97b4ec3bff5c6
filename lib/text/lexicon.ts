// Query expansion from the bilingual concept lexicon (lexicon.json, data kept in the repo). Every
// surface form is run through the same analyzer as documents and queries, so "tables", "表格" and
// "tabular" meet as the index terms they really produce.
import data from "./lexicon.json";
import { analyzeTerms } from "./analyze";

type Entry = { seq: string[]; concept: number };

type Lexicon = { byFirst: Map<string, Entry[]>; concepts: string[][] };

let cached: Lexicon | null = null;

/**
 * A surface form as index terms. A phrase that analysis cuts down to one word ("times out" to
 * "time", "no gpu" to "gpu", "sign in" to "sign") would stand for every use of that word: dropped.
 */
export function analyzedForm(form: string): string {
  const terms = analyzeTerms(form).map((t) => t.term);
  const words = form.trim().split(/[\s-]+/).filter(Boolean).length;
  return terms.length === 1 && words > 1 ? "" : terms.join(" ");
}

function load(): Lexicon {
  if (cached) return cached;
  const byFirst = new Map<string, Entry[]>();
  const concepts: string[][] = [];
  for (const lines of Object.values(data.concepts as Record<string, string[]>)) {
    for (const line of lines) {
      const forms = [...new Set(line.split("|").map(analyzedForm).filter(Boolean))];
      if (forms.length < 2) continue;
      const concept = concepts.push(forms) - 1;
      for (const form of forms) {
        const seq = form.split(" ");
        const list = byFirst.get(seq[0]) ?? [];
        list.push({ seq, concept });
        byFirst.set(seq[0], list);
      }
    }
  }
  cached = { byFirst, concepts };
  return cached;
}

/**
 * For each position of an analyzed query, the other surface forms (space-joined term sequences)
 * of every concept that a word or phrase starting or covering that position belongs to.
 */
export function expandTerms(tokens: string[]): Set<string>[] {
  const { byFirst, concepts } = load();
  const out = tokens.map(() => new Set<string>());
  tokens.forEach((token, i) => {
    for (const { seq, concept } of byFirst.get(token) ?? []) {
      if (!seq.every((t, k) => tokens[i + k] === t)) continue;
      const own = seq.join(" ");
      for (const form of concepts[concept]) {
        if (form === own) continue;
        for (let k = 0; k < seq.length; k++) if (form !== tokens[i + k]) out[i + k].add(form);
      }
    }
  });
  return out;
}

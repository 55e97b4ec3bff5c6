// The scoring rules of test/eval/run.mjs, for the in-process eval (scripts/eval.ts). A line-for-line
// port: run.mjs stays a verbatim copy of the team's kit, so it cannot be imported, and `npm test`
// compares the two on the dev corpus (scripts/eval.ts --agree-with) so that this copy cannot drift.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const K = 10;

export type EvalQuery = { id: string; q: string; lang: string; kind: string; category?: string; relevant: string[] };
export type EvalRow = { q: EvalQuery; names: string[]; abstained: boolean; broken?: boolean };
export type Score = {
  answerable: number;
  unanswerable: number;
  "recall@10": number;
  "hit@1": number;
  "hit@10": number;
  "mrr@10": number;
  "ndcg@10": number;
  false_abstain: number;
  abstain_accuracy: number | null;
};
export type Summary = { queries: number; broken: number; overall: Score; by_kind: Record<string, Score>; by_lang: Record<string, Score> };
export type Miss = { id: string; q: string; kind: string; relevant: string[]; abstained: boolean; got: string[] };

/** Resource names compare case- and space-insensitively ("PyMuPDF" is "pymupdf"). */
export const norm = (n: unknown) => String(n ?? "").normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

const readJsonl = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

export type Corpus = { name: string; dir: string; experiences: Record<string, unknown>[]; queries: EvalQuery[] };

/** A corpus folder (experiences.jsonl, queries.jsonl), or null when it is not there (yet). */
export function readCorpus(name: string, dir: string): Corpus | null {
  if (!existsSync(join(dir, "experiences.jsonl")) || !existsSync(join(dir, "queries.jsonl"))) return null;
  const queries = (readJsonl(join(dir, "queries.jsonl")) as EvalQuery[]).map((q) => ({ ...q, relevant: [...new Set(q.relevant.map(norm))] }));
  return { name, dir, experiences: readJsonl(join(dir, "experiences.jsonl")), queries };
}

/** One answer as run.mjs reads it: the top K distinct names; no results or `abstained: true` abstains. */
export function toRow(q: EvalQuery, answer: { results: { name: string }[]; abstained?: boolean }): EvalRow {
  const names = [...new Set(answer.results.slice(0, K).map((g) => norm(g.name)))];
  return { q, names, abstained: answer.abstained === true || names.length === 0 };
}

export function score(subset: EvalRow[]): Score {
  const ans = subset.filter((r) => r.q.relevant.length > 0);
  const una = subset.filter((r) => r.q.relevant.length === 0);
  let recall = 0, hit1 = 0, hitK = 0, mrr = 0, ndcg = 0, falseAbstain = 0;
  for (const { q, names, abstained } of ans) {
    const rel = new Set(q.relevant);
    const found = names.filter((n) => rel.has(n));
    recall += found.length / rel.size;
    const first = names.findIndex((n) => rel.has(n));
    if (first === 0) hit1++;
    if (first >= 0) {
      hitK++;
      mrr += 1 / (first + 1);
    }
    let dcg = 0, idcg = 0;
    names.forEach((n, i) => {
      if (rel.has(n)) dcg += 1 / Math.log2(i + 2);
    });
    for (let i = 0; i < Math.min(rel.size, K); i++) idcg += 1 / Math.log2(i + 2);
    ndcg += dcg / idcg;
    if (abstained) falseAbstain++;
  }
  const abstained = una.filter((r) => r.abstained).length;
  const n = ans.length || 1;
  return {
    answerable: ans.length,
    unanswerable: una.length,
    "recall@10": +(recall / n).toFixed(3),
    "hit@1": +(hit1 / n).toFixed(3),
    "hit@10": +(hitK / n).toFixed(3),
    "mrr@10": +(mrr / n).toFixed(3),
    "ndcg@10": +(ndcg / n).toFixed(3),
    false_abstain: +(falseAbstain / n).toFixed(3),
    abstain_accuracy: una.length ? +(abstained / una.length).toFixed(3) : null,
  };
}

export function summarize(rows: EvalRow[]): Summary {
  const by = (key: "kind" | "lang") => {
    const out: Record<string, Score> = {};
    for (const v of [...new Set(rows.map((r) => r.q[key]))]) out[v] = score(rows.filter((r) => r.q[key] === v));
    return out;
  };
  return { queries: rows.length, broken: rows.filter((r) => r.broken).length, overall: score(rows), by_kind: by("kind"), by_lang: by("lang") };
}

export function missesOf(rows: EvalRow[]): Miss[] {
  return rows
    .filter((r) => (r.q.relevant.length ? r.abstained || !r.names.some((n) => r.q.relevant.includes(n)) : !r.abstained))
    .map((r) => ({ id: r.q.id, q: r.q.q, kind: r.q.kind, relevant: r.q.relevant, abstained: r.abstained, got: r.names.slice(0, 5) }));
}

/** run.mjs's floors, checked the same way (abstention accuracy counts as 1 with no unanswerable query). */
export function floorFailures(summary: Summary, floors: Record<string, string>): string[] {
  const o = summary.overall;
  const checks: [string, number, (v: number, f: number) => boolean][] = [
    ["min-recall", o["recall@10"], (v, f) => v >= f],
    ["min-mrr", o["mrr@10"], (v, f) => v >= f],
    ["min-abstain", o.abstain_accuracy ?? 1, (v, f) => v >= f],
    ["max-false-abstain", o.false_abstain, (v, f) => v <= f],
  ];
  const out = summary.broken ? [`${summary.broken} searches broke`] : [];
  for (const [name, value, holds] of checks) {
    const f = floors[name];
    if (f !== undefined && !holds(value, Number(f))) out.push(`${name} ${f} not met: ${value}`);
  }
  return out;
}

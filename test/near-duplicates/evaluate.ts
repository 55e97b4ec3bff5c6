// The labelled near-duplicate pairs and how a scorer's answers on them are counted, shared by the
// benchmark (scripts/bench-near-duplicates.ts) and the golden floor (lib/text/near-duplicate.test.ts).
import data from "./pairs.json";

export type Item = { r: string; task: string; tips: string; outcome: string };
export type Pair = { a: string; b: string; near: boolean; category: string; split: "tune" | "held" };
export type Figures = { tp: number; fp: number; fn: number; precision: number; recall: number };

export function loadPairs(): { items: Record<string, Item>; pairs: Pair[] } {
  const items = data.items as Record<string, Item>;
  const pairs = data.pairs as Pair[];
  for (const p of pairs) {
    if (!items[p.a] || !items[p.b]) throw new Error(`pair ${p.a} / ${p.b} names an item that is not in pairs.json`);
    if (items[p.a].r !== items[p.b].r) throw new Error(`pair ${p.a} / ${p.b} is not on one resource`);
  }
  return { items, pairs };
}

/** Precision and recall of "score >= threshold means near", overall and per category. */
export function evaluatePairs(scored: { near: boolean; score: number; category: string }[], threshold: number) {
  const tp = scored.filter((p) => p.near && p.score >= threshold).length;
  const fp = scored.filter((p) => !p.near && p.score >= threshold).length;
  const fn = scored.filter((p) => p.near && p.score < threshold).length;
  const all: Figures = { tp, fp, fn, precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
  const byCategory: Record<string, { pairs: number; folded: number; near: boolean }> = {};
  for (const p of scored) {
    const c = (byCategory[p.category] ??= { pairs: 0, folded: 0, near: p.near });
    c.pairs++;
    if (p.score >= threshold) c.folded++;
  }
  return { all, byCategory };
}

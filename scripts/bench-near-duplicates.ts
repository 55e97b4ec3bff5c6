// npm run bench:near-dup: precision and recall of the near-duplicate check (lib/text/near-duplicate.ts)
// on the labelled pairs of test/near-duplicates/pairs.json, on the tuning half (where the threshold
// was chosen) and on the held-out half (only measured), per category; the same figures for the
// variants that were measured and not kept; and what the check costs per submit.
//   npm run bench:near-dup            figures and cost
//   npm run bench:near-dup -- --sweep  also the tuning half's precision/recall at every threshold
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { closeDb, transaction } from "../lib/db";
import { experienceColumns } from "../lib/experiences/experience-columns";
import { insertExperience } from "../lib/experiences/repo";
import { createExperienceInput } from "../lib/experiences/schema";
import { findNearDuplicate } from "../lib/resources/find-near-duplicate";
import { analyze } from "../lib/text/analyze";
import {
  canonicalTerms,
  decodeSignature,
  encodeSignature,
  nearSignature,
  similarity,
} from "../lib/text/near-duplicate";
import { NEAR_DUPLICATE_CONFIG, type NearDuplicateConfig } from "../lib/text/near-duplicate-config";
import { evaluatePairs, loadPairs, type Item, type Figures } from "../test/near-duplicates/evaluate";

const { items, pairs } = loadPairs();
const analyzed = (text: string) => analyze(text).join(" ");

// ---- variants: each scores a pair of items in [0, 1]
type Scorer = (a: Item, b: Item) => number;

const production: Scorer = (a, b) =>
  similarity(nearSignature(analyzed(a.task), analyzed(a.tips)), nearSignature(analyzed(b.task), analyzed(b.tips)));

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return a.size === b.size ? 1 : 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}
const terms = (text: string, lexicon: boolean) => canonicalTerms(analyze(text), { ...NEAR_DUPLICATE_CONFIG, lexicon });
const withBigrams = (t: string[]) => [...t, ...t.slice(1).map((x, i) => `${t[i]} ${x}`)];

function exact(fields: (keyof Item)[], combine: "min" | "concat", lexicon: boolean, bigrams = false): Scorer {
  const set = (item: Item, f: keyof Item) => new Set((bigrams ? withBigrams : (x: string[]) => x)(terms(String(item[f]), lexicon)));
  return (a, b) => {
    if (combine === "concat") {
      const all = (i: Item) => new Set(fields.flatMap((f) => [...set(i, f)]));
      return jaccard(all(a), all(b));
    }
    return Math.min(...fields.map((f) => jaccard(set(a, f), set(b, f))));
  };
}

// SimHash (64 bits from two 32-bit hashes, term frequency weights), per field, min of the two.
function simhash(words: string[]): bigint {
  if (words.length === 0) return -1n;
  const v = new Array<number>(64).fill(0);
  for (const w of words) {
    let h1 = 0x811c9dc5, h2 = 0x01000193;
    for (let i = 0; i < w.length; i++) {
      h1 = Math.imul(h1 ^ w.charCodeAt(i), 0x01000193);
      h2 = Math.imul(h2 ^ w.charCodeAt(i), 0x5bd1e995);
    }
    const h = (BigInt(h1 >>> 0) << 32n) | BigInt(h2 >>> 0);
    for (let bit = 0; bit < 64; bit++) v[bit] += (h >> BigInt(bit)) & 1n ? 1 : -1;
  }
  return v.reduce((acc, x, bit) => (x > 0 ? acc | (1n << BigInt(bit)) : acc), 0n);
}
function simhashSimilarity(a: bigint, b: bigint): number {
  if (a === -1n || b === -1n) return a === b ? 1 : 0;
  let x = a ^ b, diff = 0;
  while (x) { diff += Number(x & 1n); x >>= 1n; }
  return 1 - diff / 64;
}
const simhashScorer: Scorer = (a, b) =>
  Math.min(...(["task", "tips"] as const).map((f) => simhashSimilarity(simhash(terms(a[f], true)), simhash(terms(b[f], true)))));

const noLexicon: NearDuplicateConfig = { ...NEAR_DUPLICATE_CONFIG, lexicon: false };
const minhashNoLexicon: Scorer = (a, b) =>
  similarity(nearSignature(analyzed(a.task), analyzed(a.tips), noLexicon), nearSignature(analyzed(b.task), analyzed(b.tips), noLexicon));

const VARIANTS: [string, Scorer][] = [
  ["exact Jaccard, min(task, tips), lexicon", exact(["task", "tips"], "min", true)],
  ["exact Jaccard, min(task, tips), no lexicon", exact(["task", "tips"], "min", false)],
  ["MinHash, min(task, tips), no lexicon", minhashNoLexicon],
  ["exact Jaccard, min(task, tips, outcome), lexicon", exact(["task", "tips", "outcome"], "min", true)],
  ["exact Jaccard, task+tips as one text, lexicon", exact(["task", "tips"], "concat", true)],
  ["exact Jaccard, 1+2-grams, min(task, tips), lexicon", exact(["task", "tips"], "min", true, true)],
  ["SimHash 64, min(task, tips), lexicon", simhashScorer],
];

const pct = (x: number) => x.toFixed(3);
const line = (label: string, f: Figures) =>
  `${label.padEnd(52)} P ${pct(f.precision)}  R ${pct(f.recall)}  (tp ${f.tp}, fp ${f.fp}, fn ${f.fn})`;

function report(name: string, scorer: Scorer, detail: boolean): void {
  const scored = pairs.map((p) => ({ ...p, score: scorer(items[p.a], items[p.b]) }));
  // Every variant gets its own best threshold on the tuning half (F0.5: a wrongly refused report
  // costs its writer a resend, a missed near-duplicate costs the hub a copy; precision weighs more).
  const tuned = detail ? NEAR_DUPLICATE_CONFIG.threshold : bestThreshold(scored.filter((p) => p.split === "tune"));
  const tune = evaluatePairs(scored.filter((p) => p.split === "tune"), tuned);
  const held = evaluatePairs(scored.filter((p) => p.split === "held"), tuned);
  const own = detail ? `, the configured one; the tuning half's best (F0.5) is ${bestThreshold(scored.filter((p) => p.split === "tune")).toFixed(2)}` : ", its best on the tuning half (F0.5)";
  console.log(`\n${name} (threshold ${tuned.toFixed(2)}${own})`);
  console.log(line("  tuning half", tune.all));
  console.log(line("  held-out half", held.all));
  if (!detail) return;
  console.log("  held-out by category (near pairs: caught/all; distinct pairs: wrongly folded/all):");
  for (const [category, c] of Object.entries(held.byCategory)) console.log(`    ${category.padEnd(22)} ${c.folded}/${c.pairs}${c.near ? " caught" : " folded wrongly"}`);
}

function bestThreshold(scored: { near: boolean; score: number; category: string }[]): number {
  let best = { t: 0, f: -1 };
  for (let t = 0.05; t <= 0.95 + 1e-9; t += 0.01) {
    const { precision: p, recall: r } = evaluatePairs(scored, t).all;
    const f = p + r === 0 ? 0 : (1.25 * p * r) / (0.25 * p + r);
    if (f > best.f) best = { t: Math.round(t * 100) / 100, f };
  }
  return best.t;
}

function sweep(): void {
  const scored = pairs.filter((p) => p.split === "tune").map((p) => ({ ...p, score: production(items[p.a], items[p.b]) }));
  console.log("\ntuning half, production signature, by threshold:");
  for (let t = 0.05; t <= 0.6 + 1e-9; t += 0.025) {
    const f = evaluatePairs(scored, t).all;
    console.log(`  ${t.toFixed(3)}  P ${pct(f.precision)}  R ${pct(f.recall)}`);
  }
}

/** What a submit costs: its signature, then decoding and comparing every stored signature of the resource. */
function cost(reports: number): void {
  const texts = Object.values(items);
  const stored = Array.from({ length: reports }, (_, i) => {
    const t = texts[i % texts.length];
    return encodeSignature(nearSignature(analyzed(`${t.task} ${i}`), analyzed(`${t.tips} ${i % 7}`)));
  });
  const probe = texts[3];
  const runs = 20;
  const started = performance.now();
  let best = 0;
  for (let run = 0; run < runs; run++) {
    const sig = nearSignature(analyzed(probe.task), analyzed(probe.tips));
    for (const text of stored) best = Math.max(best, similarity(sig, decodeSignature(text)!));
  }
  const ms = (performance.now() - started) / runs;
  const bytes = stored.reduce((n, s) => n + s.length, 0);
  console.log(`\ncost per submit against ${reports} published reports of one resource: ${ms.toFixed(1)} ms in TypeScript ` +
    `(signature, decode, compare), ${(bytes / 1024 / 1024).toFixed(2)} MB of signatures read (${Math.round(bytes / reports)} bytes each)`);
}

/** The same on a real SQLite file: the read of the resource's signatures through the repo included. */
async function costOnSqlite(reports: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-near-dup-"));
  process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
  try {
    const texts = Object.values(items);
    const at = new Date(Date.UTC(2026, 0, 1));
    await transaction(async () => {
      for (let i = 0; i < reports; i++) {
        const t = texts[i % texts.length];
        const input = createExperienceInput.parse({ name: "Bench Kit", task: `${t.task} ${i}`, tips: `${t.tips} ${i % 7}`, score: 4, distinct: true });
        await insertExperience({ ...experienceColumns(input), submissionHash: `bench-${i}`, createdAt: at });
      }
    });
    const probe = experienceColumns(createExperienceInput.parse({ name: "Bench Kit", task: texts[3].task, tips: texts[3].tips, score: 4 }));
    await findNearDuplicate(probe); // warm: statement cache, JIT
    const runs = 20;
    const started = performance.now();
    for (let run = 0; run < runs; run++) await findNearDuplicate(probe);
    console.log(`the submit check on SQLite (read + compare) against ${reports} published reports of one resource: ${((performance.now() - started) / runs).toFixed(1)} ms`);
  } finally {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }
}

const detail = true;
report("production: bottom-128 MinHash, min(task, tips), lexicon", production, detail);
for (const [name, scorer] of VARIANTS) report(name, scorer, false);
if (process.argv.includes("--sweep")) sweep();
cost(5000);
void costOnSqlite(5000).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

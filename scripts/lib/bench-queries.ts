// A realistic search mix for the benchmark: thousands of distinct queries made from the corpus's own
// tasks (the way agents phrase a task: a few words of it, the whole of a short one, the tool's name
// with what it should do; Chinese ones as runs of characters) plus the dev queries, asked with
// Zipf(s) popularity: a few very often, most rarely. Seeded, so a corpus always gives the same mix.
// A cache measured on 90 queries asked over and over flatters itself; this mix does not.
import { closeSync, openSync, readSync } from "node:fs";
import { rng } from "./bench/generate-corpus";
import type { Query } from "./bench/http-load";

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}+#._-]*/gu;
// Words an agent would not type on their own.
const FILLER = new Set("a an the and or of to in on for with from into by at as is are be it its this that these those using use via".split(" "));

export type QueryMix = {
  /** Distinct queries, most popular first (rank r asked with weight 1/(r+1)^s). */
  distinct: Query[];
  /** `count` draws from the Zipf distribution over `distinct`, in order. */
  sequence: (count: number, seed?: number) => Query[];
  /** The share of a sequence an LRU cache of `entries` answers from memory (one process, no writes). */
  lruHitRate: (sequence: Query[], entries: number) => number;
};

function shorten(words: string[], random: () => number): string {
  // An agent's query: 2-6 consecutive words of the task, starting anywhere.
  const length = Math.min(words.length, 2 + Math.floor(random() * 5));
  const start = Math.floor(random() * Math.max(1, words.length - length + 1));
  return words.slice(start, start + length).join(" ");
}

function queriesFromTask(task: string, name: string, random: () => number): string[] {
  if (HAN.test(task)) {
    const runs = task.split(/[，。、；：！？,.;:!?\s（）()“”"]+/u).filter((r) => r.length >= 4);
    const out: string[] = [];
    for (const run of runs.slice(0, 2)) {
      const length = Math.min(run.length, 4 + Math.floor(random() * 9));
      const start = Math.floor(random() * Math.max(1, run.length - length + 1));
      out.push(run.slice(start, start + length));
    }
    return out;
  }
  const words = (task.match(WORD) ?? []).filter((w) => !FILLER.has(w.toLowerCase()));
  if (words.length < 2) return [];
  const out = [shorten(words, random)];
  const r = random();
  if (r < 0.25 && words.length <= 12) out.push(task.replace(/[.。]$/u, ""));
  else if (r < 0.4) out.push(`${name} ${shorten(words, random)}`);
  return out;
}

const READ_CHUNK_BYTES = 1 << 20;

/**
 * The first `count` lines of a file, reading only as far as they go: a 1M corpus (650 MB) is longer
 * than the longest string V8 makes, so the whole file cannot be read and split.
 */
export function readFirstLines(path: string, count: number): string[] {
  const fd = openSync(path, "r");
  try {
    const chunks: Buffer[] = [];
    let newlines = 0;
    for (;;) {
      const chunk = Buffer.alloc(READ_CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      for (let i = chunk.indexOf(10); i !== -1 && i < read; i = chunk.indexOf(10, i + 1)) newlines++;
      if (newlines >= count) break;
    }
    return Buffer.concat(chunks).toString("utf8").split("\n", count);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads up to `maxLines` experiences from the corpus file and makes at least `distinct` queries
 * (fewer only if the corpus is too small); `share` of them keep the task's category.
 */
export function buildQueryMix(opts: {
  corpusPath: string;
  devQueries: Query[];
  distinct?: number;
  zipf?: number;
  seed?: number;
  maxLines?: number;
}): QueryMix {
  const want = opts.distinct ?? 6000;
  const s = opts.zipf ?? 1;
  const random = rng(opts.seed ?? 7);
  const seen = new Set<string>();
  const distinct: Query[] = [];
  const add = (q: string, category: string) => {
    const text = q.replace(/\s+/g, " ").trim();
    if (text.length < 3 || text.length > 200) return;
    const key = `${text.toLowerCase()}\u0000${category}`;
    if (seen.has(key)) return;
    seen.add(key);
    distinct.push({ q: text, category });
  };
  for (const q of opts.devQueries) add(q.q, q.category);
  const lines = readFirstLines(opts.corpusPath, opts.maxLines ?? 60_000);
  // Experiences in a random order, so that the mix is not the corpus's first few resources.
  const order = lines.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const i of order) {
    if (distinct.length >= want) break;
    if (!lines[i]) continue;
    const record = JSON.parse(lines[i]) as { type?: string; name?: string; task?: string; category?: string };
    if ((record.type ?? "experience") !== "experience" || !record.task || !record.name) continue;
    // One search in ten names a category, as the API allows.
    for (const q of queriesFromTask(record.task, record.name, random)) add(q, random() < 0.1 ? record.category ?? "" : "");
  }
  // Popularity does not follow corpus order: shuffle, then rank.
  for (let i = distinct.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [distinct[i], distinct[j]] = [distinct[j], distinct[i]];
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 0; r < distinct.length; r++) cumulative.push((sum += 1 / Math.pow(r + 1, s)));
  const sequence = (count: number, seed = 11) => {
    const draw = rng(seed);
    const out: Query[] = [];
    for (let n = 0; n < count; n++) {
      const x = draw() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      out.push(distinct[lo]);
    }
    return out;
  };
  const lruHitRate = (list: Query[], entries: number) => {
    const lru = new Map<Query, true>();
    let hits = 0;
    for (const q of list) {
      if (lru.delete(q)) hits++;
      lru.set(q, true);
      if (lru.size > entries) lru.delete(lru.keys().next().value!);
    }
    return list.length ? hits / list.length : NaN;
  };
  return { distinct, sequence, lruHitRate };
}

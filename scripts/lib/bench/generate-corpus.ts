// A realistic benchmark corpus derived from the bilingual dev corpus: every experience keeps the
// language, vocabulary and length profile of a real one, recombined (task clauses, outcome and tip
// sentences from experiences about the same topic) and spread over thousands of resources: the 53
// real ones plus synthetic names that inherit a real resource's topic, so that many resources
// compete for the same queries, as on a busy site. Resource popularity is Zipf-like. Seeded, so a
// size always produces the same file.
import { createWriteStream, readFileSync } from "node:fs";
import { once } from "node:events";

type Seed = { name: string; url: string; category: string; task: string; score: number; outcome: string; tips: string };

const HAN = /\p{Script=Han}/u;
const PREFIXES = ["", "", "py", "node-", "go-", "fast", "open", "easy", "mini", "auto", "deep", "hyper", "tiny", "smart", "rapid", "neo"];
const SUFFIXES = ["", "", "-lite", "js", "kit", "-cli", "-mcp", "x", "2", "-pro", "-rs", "lib", "-sdk", "-server", "-core", "ify"];
const OWNERS = ["acme", "openlab", "datatools", "agentic", "byteforge", "zhihe", "lanyun", "kernelworks", "polyglot", "tinybits"];

/** Mulberry32: small, fast, good enough for sampling. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Latin sentences end at ". " (not inside "tabula.read_pdf"); Chinese ones at 。！？ with no space.
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|(?<=[。！？])/u).filter((s) => s.trim().length > 0);
const clauses = (text: string, zh: boolean) => text.split(zh ? /[，,；]/u : /,\s+|;\s+/).filter((s) => s.trim().length > 3);

type Topic = { seeds: Seed[]; zh: Seed[]; en: Seed[] };
type Resource = { name: string; url: string; category: string; topic: Topic };

export function loadSeeds(path: string): Seed[] {
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Seed);
}

function buildResources(seeds: Seed[], count: number, random: () => number): Resource[] {
  const byName = new Map<string, Topic>();
  for (const s of seeds) {
    const topic = byName.get(s.name) ?? { seeds: [], zh: [], en: [] };
    topic.seeds.push(s);
    (HAN.test(s.task) ? topic.zh : topic.en).push(s);
    byName.set(s.name, topic);
  }
  const real = [...byName.entries()].map(([name, topic]) => ({
    name, url: topic.seeds[0].url, category: topic.seeds[0].category, topic,
  }));
  const resources: Resource[] = [...real];
  const taken = new Set(real.map((r) => r.name.toLowerCase()));
  for (let i = 0; resources.length < count && i < count * 20; i++) {
    const base = real[Math.floor(random() * real.length)];
    const stem = base.name.toLowerCase().replace(/[^a-z0-9]+/g, "").slice(0, 10) || "tool";
    const pre = PREFIXES[Math.floor(random() * PREFIXES.length)];
    const suf = SUFFIXES[Math.floor(random() * SUFFIXES.length)];
    let name = `${pre}${stem}${suf}`;
    if (taken.has(name)) name = `${name}-${Math.floor(random() * 1000)}`;
    if (taken.has(name)) continue;
    taken.add(name);
    const owner = OWNERS[Math.floor(random() * OWNERS.length)];
    resources.push({ name, url: `https://github.com/${owner}/${name}`, category: base.category, topic: base.topic });
  }
  return resources;
}

function pick<T>(list: T[], random: () => number): T {
  return list[Math.floor(random() * list.length)];
}

function recombine(topic: Topic, random: () => number): Omit<Seed, "name" | "url" | "category"> {
  const base = pick(topic.seeds, random);
  const zh = HAN.test(base.task);
  const pool = (zh ? topic.zh : topic.en).length > 1 ? (zh ? topic.zh : topic.en) : topic.seeds;
  const other = pick(pool, random);
  let task = base.task;
  if (random() < 0.5) {
    const extra = pick(clauses(other.task, zh), random);
    const joined = zh ? extra?.trim() : extra && extra.trim().charAt(0).toLowerCase() + extra.trim().slice(1);
    if (joined && !task.includes(joined)) task = `${task.replace(/[.。]$/u, "")}${zh ? "，" : ", "}${joined}`;
  }
  const mix = (a: string, b: string) => {
    const out = sentences(a).slice(0, 1 + Math.floor(random() * 2));
    const more = sentences(b);
    const extra = more.length > 0 && random() < 0.6 ? pick(more, random) : "";
    if (extra && !out.includes(extra)) out.push(extra);
    return out.join(zh ? "" : " ");
  };
  const score = Math.min(5, Math.max(1, base.score + (random() < 0.3 ? (random() < 0.5 ? -1 : 1) : 0)));
  return { task: task.slice(0, 2000), score, outcome: mix(base.outcome, other.outcome), tips: mix(base.tips, other.tips) };
}

/** Writes `size` experience lines (plus a few content revisions) to `path`. */
export async function generateCorpus(opts: { seedsPath: string; path: string; size: number; seed?: number }): Promise<{ resources: number }> {
  const random = rng(opts.seed ?? 42);
  const seeds = loadSeeds(opts.seedsPath);
  const resources = buildResources(seeds, Math.max(2000, Math.round(opts.size / 50)), random);
  // Zipf-like popularity: rank r is drawn with weight 1/(r+1)^0.9, via a cumulative table.
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 0; r < resources.length; r++) cumulative.push((sum += 1 / Math.pow(r + 1, 0.9)));
  const draw = () => {
    const x = random() * sum;
    let lo = 0, hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return resources[lo];
  };
  const out = createWriteStream(opts.path);
  const write = async (record: unknown) => {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
  };
  // A handful of content trees with several revisions each, so restores carry revision history.
  for (let i = 0; i < Math.min(200, resources.length); i++) {
    const res = resources[i];
    const id = res.name.toLowerCase().replace(/[^\p{L}\p{N}_\-.]+/gu, "-").replace(/^\.+/, "") || `r${i}`;
    const revisions = 1 + Math.floor(random() * 3);
    for (let rev = 1; rev <= revisions; rev++) {
      const s = pick(res.topic.seeds, random);
      await write({
        type: "content_revision", id, revision: rev, title: res.name,
        body: `# ${res.name}\n\n${s.outcome}\n\n## Tips\n\n${s.tips}\n`, sort_order: 0,
        submitted_by: `agent-${Math.floor(random() * 5000)}`, created_at: new Date(Date.UTC(2025, 0, 1 + rev)).toISOString(),
      });
    }
  }
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  for (let i = 0; i < opts.size; i++) {
    const res = draw();
    await write({
      name: res.name, url: res.url, category: res.category, ...recombine(res.topic, random),
      submitted_by: `agent-${Math.floor(random() * 5000)}`,
      created_at: new Date(start + Math.floor(random() * span)).toISOString(),
    });
  }
  out.end();
  await once(out, "finish");
  return { resources: resources.length };
}

// What a missing-name lookup ("did you mean", GET /api/resource/{missing name}) costs as the hub
// grows, for a short and a 190-character name: the trigram index (lib/resources/suggest-names.ts)
// against comparing every name (what it replaced). Figures only, one run: `npx tsx scripts/bench-name-lookup.ts [sizes]`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WORDS = ["pdf", "table", "scrape", "http", "json", "parse", "fast", "py", "kit", "tool", "data", "graph", "llm", "vector", "db", "cli", "web", "ui", "test", "cloud"];

async function main() {
  const sizes = (process.argv[2] ?? "1000,20000,100000").split(",").map(Number);
  for (const size of sizes) {
    const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-names-"));
    process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
    const { getSqlite, closeDb } = await import("../lib/db");
    const { suggestResourceNames } = await import("../lib/resources/suggest-names");
    const { closestNames } = await import("../lib/similar-names");
    const db = getSqlite();
    const insert = db.prepare(
      `INSERT INTO resources (key, name, first_seen, last_seen, experience_count, reporter_count) VALUES (?, ?, '2026-01-01', '2026-01-01', 1, 1)`,
    );
    let seed = 1;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    db.transaction(() => {
      for (let i = 0; i < size; i += 1) {
        const name = `${WORDS[random(20)]}-${WORDS[random(20)]}${random(1000)}-${i}`;
        insert.run(name, name);
      }
    })();
    const every = () => (db.prepare(`SELECT name FROM resources WHERE experience_count > 0 LIMIT 20000`).all() as { name: string }[]).map((r) => r.name);
    const ms = (f: () => unknown, n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i += 1) f();
      return ((performance.now() - started) / n).toFixed(2);
    };
    const short = "pdfx";
    const long = `p${"dftable".repeat(27)}`;
    console.log(
      `${size} resources: index ${ms(() => suggestResourceNames(short), 20)} ms (4 chars), ${ms(() => suggestResourceNames(long), 20)} ms (190 chars); ` +
        `every name compared ${ms(() => closestNames(short, every()), 3)} ms, ${ms(() => closestNames(long, every()), 2)} ms`,
    );
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

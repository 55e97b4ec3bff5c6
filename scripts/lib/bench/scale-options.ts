// The options of `npm run bench:scale` and the side-by-side table it prints: pure, so that a typo in
// a flag is refused before an hour-long run starts, and testable without a database.
import { parseArgs } from "node:util";

export type ScaleEngine = "sqlite" | "postgres";

export type ScaleOptions = {
  size: number;
  engines: ScaleEngine[];
  /** Corpus, SQLite database, PostgreSQL cluster and the JSON go here (big files: not in git). */
  dir: string;
  /** Use the corpus file already in `dir` when there is one. */
  reuseCorpus: boolean;
  /**
   * SQLite: measure the database file already in `dir` (left by an earlier run) without importing
   * again. PostgreSQL always imports: its throwaway cluster goes at the end of every run.
   */
  reuseDatabase: boolean;
  /** Where the figures go as JSON (default `<dir>/scale-<size>.json`). */
  json: string;
  /** SQLite's import: one bulk transaction (what `npm run import` picks for a large file) or per batch. */
  sqliteImport: "bulk" | "per-batch";
  /** Import worker threads for validation and analysis. */
  importWorkers: number;
  /** HTTP servers listen on port .. port + 2. */
  port: number;
  /** The throwaway PostgreSQL cluster's port, or a server to use instead (`--pg-url`). */
  pgPort: number;
  pgUrl: string;
  /** Mix queries timed in-process (after `warm` untimed), and at concurrency 1 over HTTP. */
  queries: number;
  warm: number;
  httpQueries: number;
  /** Concurrent clients and seconds of each throughput run. */
  clients: number;
  seconds: number;
  seeds: string;
  devQueries: string;
};

export const SCALE_USAGE =
  "usage: npm run bench:scale -- --size N [--engine sqlite|postgres|both] [--dir DIR] [--reuse-corpus] [--reuse-database] [--json FILE]\n" +
  "       [--sqlite-import bulk|per-batch] [--import-workers N] [--port 3300..3690] [--pg-port P | --pg-url postgres://...]\n" +
  "       [--queries 1500] [--warm 200] [--http-queries 600] [--clients 16] [--seconds 15]";

const ENGINES: Record<string, ScaleEngine[]> = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] };

/** Parses argv (after the script's name); throws an Error naming the bad flag. */
export function parseScaleArgs(argv: string[]): ScaleOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      size: { type: "string", default: "20000" },
      engine: { type: "string", default: "both" },
      dir: { type: "string", default: ".bench" },
      "reuse-corpus": { type: "boolean", default: false },
      "reuse-database": { type: "boolean", default: false },
      json: { type: "string" },
      "sqlite-import": { type: "string", default: "bulk" },
      "import-workers": { type: "string", default: "2" },
      port: { type: "string", default: "3660" },
      "pg-port": { type: "string", default: "5650" },
      "pg-url": { type: "string", default: "" },
      queries: { type: "string", default: "1500" },
      warm: { type: "string", default: "200" },
      "http-queries": { type: "string", default: "600" },
      clients: { type: "string", default: "16" },
      seconds: { type: "string", default: "15" },
      seeds: { type: "string", default: "test/eval/dev/experiences.jsonl" },
      "dev-queries": { type: "string", default: "test/eval/dev/queries.jsonl" },
    },
  });
  const whole = (flag: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const text = values[flag as keyof typeof values] as string;
    const n = /^\d+$/.test(text.replace(/_/g, "")) ? Number(text.replace(/_/g, "")) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`--${flag} ${JSON.stringify(text)}: a whole number from ${min} to ${max}`);
    return n;
  };
  const engines = ENGINES[values.engine];
  if (!engines) throw new Error(`--engine ${JSON.stringify(values.engine)}: one of ${Object.keys(ENGINES).join(", ")}`);
  const sqliteImport = values["sqlite-import"];
  if (sqliteImport !== "bulk" && sqliteImport !== "per-batch") throw new Error(`--sqlite-import ${JSON.stringify(sqliteImport)}: bulk or per-batch`);
  if (values["pg-url"] && !/^postgres(ql)?:\/\//.test(values["pg-url"])) throw new Error("--pg-url: a postgres:// URL");
  const size = whole("size", 1);
  const dir = values.dir;
  return {
    size,
    engines: [...engines],
    dir,
    reuseCorpus: values["reuse-corpus"],
    reuseDatabase: values["reuse-database"],
    json: values.json ?? `${dir}/scale-${size}.json`,
    sqliteImport,
    importWorkers: whole("import-workers", 0, 64),
    port: whole("port", 1024, 65533),
    pgPort: whole("pg-port", 1024, 65535),
    pgUrl: values["pg-url"],
    queries: whole("queries", 1),
    warm: whole("warm", 0),
    httpQueries: whole("http-queries", 1),
    clients: whole("clients", 1, 1000),
    seconds: whole("seconds", 1, 3600),
    seeds: values.seeds,
    devQueries: values["dev-queries"],
  };
}

/** A plain-text table: the first row is the header, the first column left-aligned, the rest right. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? (cell ?? "").padEnd(widths[c]) : (cell ?? "").padStart(widths[c]))).join("  ").trimEnd();
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

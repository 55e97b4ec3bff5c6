// The bench:scale command's flags and table (pure: no database, no server).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readFirstLines } from "../scripts/lib/bench-queries";
import { formatTable, parseScaleArgs } from "../scripts/lib/bench/scale-options";

describe("parseScaleArgs", () => {
  it("defaults to both engines at 20k, the bulk path, and a JSON beside the corpus", () => {
    const o = parseScaleArgs([]);
    expect(o).toMatchObject({ size: 20_000, engines: ["sqlite", "postgres"], dir: ".bench", json: ".bench/scale-20000.json", sqliteImport: "bulk", port: 3660, pgPort: 5650 });
  });

  it("reads sizes with underscores, one engine, and the per-batch import", () => {
    const o = parseScaleArgs(["--size", "1_000_000", "--engine", "postgres", "--dir", "/tmp/x", "--sqlite-import", "per-batch", "--reuse-corpus"]);
    expect(o).toMatchObject({ size: 1_000_000, engines: ["postgres"], json: "/tmp/x/scale-1000000.json", sqliteImport: "per-batch", reuseCorpus: true });
  });

  it.each([
    [["--size", "0"], /--size "0"/],
    [["--size", "1e6"], /--size "1e6"/],
    [["--engine", "mysql"], /--engine "mysql": one of sqlite, postgres, both/],
    [["--sqlite-import", "fast"], /--sqlite-import "fast"/],
    [["--pg-url", "mysql://x"], /--pg-url/],
    [["--port", "80"], /--port "80"/],
    [["--sizes", "10"], /Unknown option '--sizes'/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseScaleArgs(argv)).toThrow(message);
  });
});

describe("formatTable", () => {
  it("pads the first column left and the others right, under a rule", () => {
    expect(formatTable([["figure", "sqlite", "postgres"], ["import", "12.5 s", "130 s"], ["size", "1 MB", "20 MB"]]).split("\n")).toEqual([
      "figure  sqlite  postgres",
      "------  ------  --------",
      "import  12.5 s     130 s",
      "size      1 MB     20 MB",
    ]);
  });
});

describe("readFirstLines", () => {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-first-lines-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives what reading the whole file and splitting would, past a chunk boundary and across multi-byte text", () => {
    const path = join(dir, "lines.jsonl");
    const text = Array.from({ length: 30_000 }, (_, i) => `{"task":"第${i}行 line ${"x".repeat(i % 97)}"}`).join("\n");
    writeFileSync(path, text);
    for (const count of [1, 2, 15_000, 29_999, 30_000, 60_000]) expect(readFirstLines(path, count)).toEqual(text.split("\n", count));
  });
});

// The database in trouble, as an operator meets it: another process holding the write lock, a full
// disk, a read-only file system. Nothing may wait for the lock on the event loop (the search log's
// flush included), a refused write answers 503 naming the cause and stores nothing, and
// /api/health says what is wrong. SQLite only (test/engines.ts): each trouble is the file's.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as healthRoute from "@/app/api/health/route";
import * as searchRoute from "@/app/api/search/route";
import { closeDb, db, getSqlite, transaction } from "@/lib/db";
import { flushSearchLog, pendingSearchLog } from "@/lib/demand-log/log-search";
import { call } from "./http";
import { experienceInput } from "./factories";
import { countRows, holdWriterLock, sqlGet } from "./sql";

// Long enough that a flush waiting for the lock on the event loop would outlast the test's timeout.
process.env.KNOWHUB_BUSY_TIMEOUT_MS = "40000";

const post = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });
const health = () => call(healthRoute.GET, "/api/health");
const count = (table: string) => countRows(table);
// PRAGMA max_page_count is per connection: the writer's is the one that refuses, the raw one is set alike.
const setMaxPageCount = async (pages: number) => {
  getSqlite().pragma(`max_page_count = ${pages}`);
  await transaction(() => db().all(`PRAGMA max_page_count = ${pages}`));
};

describe("another process holds the write lock", () => {
  it("searches, health and content misses answer at once; the log waits in memory, then is written", async () => {
    expect((await post(experienceInput())).status).toBe(201);
    const logged = await count("search_logs");
    const misses = await count("content_misses");
    const release = await holdWriterLock();
    try {
      const search = await call(searchRoute.GET, "/api/search?q=extract%20tables%20from%20pdf");
      expect(search.status).toBe(200);
      expect(search.json.results[0].name).toBe("PyMuPDF");
      expect((await health()).json).toMatchObject({ status: "ok" });
      const miss = await call(contentIdRoute.GET, "/api/content/pymupdf/no-such-page", { params: { id: ["pymupdf", "no-such-page"] } });
      expect(miss.status).toBe(404);
      // The flush finds the lock taken and returns at once, keeping the entry for a later try.
      await flushSearchLog();
      expect(pendingSearchLog()).toBe(1);
    } finally {
      await release();
    }
    await flushSearchLog();
    expect(pendingSearchLog()).toBe(0);
    expect(await count("search_logs")).toBe(logged + 1);
    // The miss was kept too and is written with the next try.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await count("content_misses")).toBe(misses + 1);
  });
});

describe("a full disk", () => {
  it("answers 503 disk_full, stores nothing, and health names it until a write gets through", async () => {
    const before = await count("experiences");
    const pages = (await sqlGet<{ page_count: number }>("PRAGMA page_count"))!.page_count;
    // SQLite's own page limit gives exactly the error a full disk gives (SQLITE_FULL).
    await setMaxPageCount(pages);
    let answer = await post(experienceInput({ task: "fill the disk 0", tips: "x".repeat(4900) }));
    for (let i = 1; answer.status === 201 && i < 40; i += 1) answer = await post(experienceInput({ task: `fill the disk ${i}`, tips: "x".repeat(4900) }));
    const stored = await count("experiences");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(answer.json.error).toMatchObject({ code: "unavailable", details: { cause: "disk_full" } });
    const sick = await health();
    expect(sick.status).toBe(503);
    expect(sick.json).toMatchObject({ status: "unavailable", cause: "disk_full" });
    // Nothing of the refused write is stored, half or whole.
    expect(await count("experiences")).toBe(stored);
    await setMaxPageCount(1073741823);
    expect((await post(experienceInput({ task: "after the disk was freed" }))).status).toBe(201);
    expect((await health()).json).toMatchObject({ status: "ok" });
    expect(await count("experiences")).toBe(stored + 1);
    expect(stored).toBeGreaterThanOrEqual(before);
  });
});

describe("a read-only file system", () => {
  const base = mkdtempSync(join(tmpdir(), "knowhub-readonly-"));
  const writable = join(base, "rw");
  const readOnly = join(base, "ro");
  const asRoot = process.getuid?.() === 0;
  let mounted = false;
  const saved = process.env.DATABASE_URL;

  afterAll(async () => {
    await closeDb();
    if (mounted) execFileSync("umount", [readOnly]);
    chmodSync(writable, 0o700);
    process.env.DATABASE_URL = saved;
    rmSync(base, { recursive: true, force: true });
  });

  it("answers 503 read_only to a write, stores nothing, and health names it", async () => {
    mkdirSync(writable);
    process.env.DATABASE_URL = `file:${join(writable, "hub.db")}`;
    expect((await post(experienceInput())).status).toBe(201);
    await closeDb();
    // Root writes through file modes, so as root the folder is mounted read-only (a bind mount),
    // as a file system turns read-only under a running service; otherwise its mode is read-only.
    if (asRoot) {
      mkdirSync(readOnly);
      execFileSync("mount", ["--bind", writable, readOnly]);
      mounted = true;
      execFileSync("mount", ["-o", "remount,ro,bind", readOnly]);
      process.env.DATABASE_URL = `file:${join(readOnly, "hub.db")}`;
    } else {
      chmodSync(join(writable, "hub.db"), 0o400);
      chmodSync(writable, 0o500);
    }
    const refused = await post(experienceInput({ task: "written to a read-only disk" }));
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({ code: "unavailable", details: { cause: "read_only" } });
    const sick = await health();
    expect(sick.status).toBe(503);
    expect(sick.json).toMatchObject({ status: "unavailable", db: "error", cause: "read_only" });

    await closeDb();
    chmodSync(writable, 0o700);
    chmodSync(join(writable, "hub.db"), 0o600);
    process.env.DATABASE_URL = `file:${join(writable, "hub.db")}`;
    expect(await count("experiences")).toBe(1);
  });
});

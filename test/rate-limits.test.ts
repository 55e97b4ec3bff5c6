// Rate limits through the engine's own store (lib/limits/rate-limit.ts): in memory on SQLite (one
// process), in the rate_buckets table on PostgreSQL, where every server of the hub draws on the same
// bucket. The token-bucket rules are the same on both; on PostgreSQL, hits are exact under
// concurrency and across processes, never wait behind the writers, and idle buckets are deleted.
// The address secret that names callers without a key is one per hub, a console session opened on
// one server is valid on another, and a write on one empties another's answer cache, on both engines.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readSession } from "@/lib/admin/read-session";
import { loginInput } from "@/lib/admin/schema";
import { startSession } from "@/lib/admin/start-session";
import { db } from "@/lib/db";
import { searchExperiences } from "@/lib/search/search-experiences";
import { addressCallerId } from "@/lib/limits/client-address";
import { bucketCount, bucketStore, pruneIdleBuckets, resetRateLimits, takeToken } from "@/lib/limits/rate-limit";
import { onPostgres } from "./fresh-database";
import { holdWriterLock } from "./sql";

const saved = { write: process.env.KNOWHUB_RATE_WRITE, search: process.env.KNOWHUB_RATE_SEARCH };

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeEach(async () => {
  delete process.env.KNOWHUB_RATE_WRITE;
  delete process.env.KNOWHUB_RATE_SEARCH;
  await resetRateLimits();
});

afterEach(async () => {
  restore("KNOWHUB_RATE_WRITE", saved.write);
  restore("KNOWHUB_RATE_SEARCH", saved.search);
  await resetRateLimits();
});

it("keeps the buckets where the engine says: memory on SQLite, the table on PostgreSQL", () => {
  expect(bucketStore()).toBe(onPostgres() ? "postgres" : "memory");
});

describe("the token bucket", () => {
  it("allows a burst of the bucket size, then answers when a token is back", async () => {
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await takeToken("write", "key:a", t0)).toEqual({ ok: true });
    // One token comes back every 20 s.
    expect(await takeToken("write", "key:a", t0)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(await takeToken("write", "key:a", t0 + 19_500)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await takeToken("write", "key:a", t0 + 20_000)).toEqual({ ok: true });
    expect(await takeToken("write", "key:a", t0 + 20_000)).toMatchObject({ ok: false });
  });

  it("refills at the configured rate and never beyond the bucket size", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "10/s";
    const t0 = 5_000;
    for (let i = 0; i < 10; i++) await takeToken("search", "key:a", t0);
    expect((await takeToken("search", "key:a", t0)).ok).toBe(false);
    // Half a second later: 5 tokens.
    let ok = 0;
    for (let i = 0; i < 10; i++) if ((await takeToken("search", "key:a", t0 + 500)).ok) ok++;
    expect(ok).toBe(5);
    // An hour idle: still only 10.
    ok = 0;
    for (let i = 0; i < 20; i++) if ((await takeToken("search", "key:a", t0 + 3_600_000)).ok) ok++;
    expect(ok).toBe(10);
  });

  it("retryAfterSeconds is a whole number >= 1", async () => {
    process.env.KNOWHUB_RATE_WRITE = "1000/s";
    for (let i = 0; i < 1000; i++) await takeToken("write", "key:a", 0);
    const answer = await takeToken("write", "key:a", 0);
    expect(answer).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("keeps callers and actions apart", async () => {
    process.env.KNOWHUB_RATE_WRITE = "1/h";
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    expect((await takeToken("write", "key:a", 0)).ok).toBe(true);
    expect(await takeToken("write", "key:a", 0)).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect((await takeToken("write", "key:b", 0)).ok).toBe(true);
    expect((await takeToken("search", "key:a", 0)).ok).toBe(true);
  });

  it("off lets everything through and keeps no buckets", async () => {
    process.env.KNOWHUB_RATE_WRITE = "off";
    for (let i = 0; i < 1000; i++) expect((await takeToken("write", `key:${i}`, 0)).ok).toBe(true);
    expect(await bucketCount("write")).toBe(0);
  });

  it("a clock stepping back does not drain or overfill a bucket", async () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    expect((await takeToken("write", "key:a", 100_000)).ok).toBe(true);
    expect((await takeToken("write", "key:a", 50_000)).ok).toBe(true);
    expect((await takeToken("write", "key:a", 50_000)).ok).toBe(false);
  });
});

describe("concurrent hits", () => {
  it("accept exactly the capacity, however many arrive at once (no lost update)", async () => {
    process.env.KNOWHUB_RATE_WRITE = "50/h";
    const answers = await Promise.all(Array.from({ length: 200 }, () => takeToken("write", "key:crowd")));
    expect(answers.filter((a) => a.ok).length).toBe(50);
    for (const answer of answers) if (!answer.ok) expect(answer.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await bucketCount("write")).toBe(1);
  });
});

/** A second process on this database (test/fixtures/limits/take-tokens.ts), started and waiting for `go`. */
async function otherProcess(caller: string, count: number, env: Record<string, string> = {}) {
  const child = spawn("node_modules/.bin/tsx", ["test/fixtures/limits/take-tokens.ts", caller, String(count)], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      lines.once("line", (line) => resolve(JSON.parse(line)));
      child.once("exit", (code) => reject(new Error(`the other process exited (${code})`)));
    });
  const ready = await next();
  return {
    addressId: ready.addressId as string,
    session: ready.session as { csrf_token: string; actor: { label: string } } | null,
    async go(): Promise<number> {
      const done = next();
      child.stdin.write("go\n");
      const { granted } = await done;
      return granted as number;
    },
  };
}

describe("two processes on one database", () => {
  it("give one address one id: the secret is the hub's, not the process's", async () => {
    const other = await otherProcess("key:none", 0);
    expect(other.addressId).toMatch(/^addr:[0-9a-f]{16}$/);
    expect(other.addressId).toBe(await addressCallerId("203.0.113.7"));
    expect(await other.go()).toBe(0);
    // One secret row, never the address.
    const rows = await db().all<{ name: string; value: string }>(`SELECT name, value FROM hub_secrets`);
    expect(rows.map((r) => r.name)).toEqual(["address_hmac"]);
    expect(rows[0].value).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it("accept a console session opened in the other, with the same CSRF token (no process secret)", async () => {
    process.env.KNOWHUB_ADMIN_TOKEN = "a-console-token-for-two-processes";
    try {
      const started = await startSession(loginInput.parse({ token: "a-console-token-for-two-processes" }), "192.0.2.5");
      const ours = await readSession(started.session_id);
      const other = await otherProcess("key:none", 0, { SESSION_ID: started.session_id });
      expect(await other.go()).toBe(0);
      expect(other.session).not.toBeNull();
      expect(other.session!.csrf_token).toBe(ours!.csrf_token);
      expect(other.session!.actor.label).toBe("admin token");
    } finally {
      delete process.env.KNOWHUB_ADMIN_TOKEN;
    }
  }, 60_000);

  it("find a write made in the other at the next search, though the answer was cached", async () => {
    const input = { q: "zorblaxian quarkle conversion", category: "", limit: 10, explain: false };
    const names = async () => (await searchExperiences(input, "", { log: false })).results.map((r) => r.name);
    expect(await names()).not.toContain("zorblax-two");
    expect(await names()).not.toContain("zorblax-two"); // now from the answer cache
    const other = await otherProcess("key:none", 0, { WRITE_NAME: "zorblax-two", WRITE_TASK: "Convert zorblaxian quarkle files in bulk" });
    await other.go();
    expect(await names()).toContain("zorblax-two");
  }, 60_000);

  it.runIf(onPostgres())("share one bucket on PostgreSQL: exactly the capacity between them", async () => {
    process.env.KNOWHUB_RATE_WRITE = "100/h";
    const other = await otherProcess("key:shared", 150);
    const [theirs, ours] = await Promise.all([
      other.go(),
      Promise.all(Array.from({ length: 150 }, () => takeToken("write", "key:shared"))).then((answers) => answers.filter((a) => a.ok).length),
    ]);
    expect(theirs + ours).toBe(100);
    expect((await takeToken("write", "key:shared")).ok).toBe(false);
  }, 60_000);
});

describe.runIf(onPostgres())("PostgreSQL's buckets", () => {
  it("answer while a writer holds the writers' lock (a hit never takes it)", async () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    const release = await holdWriterLock();
    try {
      expect((await takeToken("write", "key:w")).ok).toBe(true);
      expect((await takeToken("write", "key:w")).ok).toBe(true);
      expect((await takeToken("write", "key:w")).ok).toBe(false);
    } finally {
      await release();
    }
  });

  it("delete the buckets idle for a whole window, and only those", async () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    process.env.KNOWHUB_RATE_SEARCH = "5/s";
    await resetRateLimits();
    const longAgo = Date.now() - 120_000;
    await takeToken("write", "key:idle", longAgo);
    await takeToken("write", "key:busy");
    await takeToken("search", "key:idle", longAgo);
    expect(await bucketCount("write")).toBe(2);
    expect(await pruneIdleBuckets()).toBe(2);
    expect(await bucketCount("write")).toBe(1);
    expect(await bucketCount("search")).toBe(0);
    // The busy caller's bucket kept its count.
    expect((await takeToken("write", "key:busy")).ok).toBe(true);
    expect((await takeToken("write", "key:busy")).ok).toBe(false);
  });
});

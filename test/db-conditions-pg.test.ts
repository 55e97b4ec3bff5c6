// PostgreSQL in trouble, as an operator meets it (test/db-conditions.test.ts is SQLite's): another
// server holding the hub's writer lock, a server set read-only, a server that does not answer. A
// waiting write answers 503 busy with Retry-After at KNOWHUB_BUSY_TIMEOUT_MS and stores nothing,
// while searches and /api/health keep answering; a read-only server is 503 read_only and health
// names it; the failures are told apart by SQLSTATE, never by message text. Runs in the "postgres"
// project (on SQLite the file skips).
import { createServer, connect, type Socket } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import * as contentRoute from "@/app/api/content/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as healthRoute from "@/app/api/health/route";
import * as searchRoute from "@/app/api/search/route";
import { closeDb, databaseUrl, db, transaction } from "@/lib/db";
import { dbUnavailableCause } from "@/lib/db-errors";
import { experienceInput } from "./factories";
import { onPostgres } from "./fresh-database";
import { call } from "./http";
import { countRows, holdWriterLock } from "./sql";

process.env.KNOWHUB_BUSY_TIMEOUT_MS = "1500";

const post = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });
const health = () => call(healthRoute.GET, "/api/health");

/** Runs each statement on a connection of its own (as the operator would, in psql). */
async function asOperator(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres())("PostgreSQL in trouble", () => {
  it("a write waiting for another server's writer answers 503 busy at the timeout; searches and health answer meanwhile", async () => {
    expect((await post(experienceInput())).status).toBe(201);
    const stored = await countRows("content_revisions");
    const release = await holdWriterLock();
    try {
      const order: string[] = [];
      // A content revision is read, compared and written in one transaction: it waits for the writer.
      const submit = () => call(contentRoute.POST, "/api/content", { method: "POST", body: { id: "pymupdf/find-tables", title: "Find tables", body: "page.find_tables()" } });
      const waiting = submit().then((answer) => {
        order.push("write");
        return answer;
      });
      const search = await call(searchRoute.GET, "/api/search?q=extract%20tables%20from%20pdf");
      order.push("search");
      const healthy = await health();
      order.push("health");
      expect(search.status).toBe(200);
      expect(search.json.results[0].name).toBe("PyMuPDF");
      expect(healthy.json).toMatchObject({ status: "ok" });
      const answer = await waiting;
      // The write waited in the server, not on the event loop: the reads came back first.
      expect(order).toEqual(["search", "health", "write"]);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.json.error).toMatchObject({ code: "unavailable", details: { cause: "busy" } });
    } finally {
      await release();
    }
    expect(await countRows("content_revisions")).toBe(stored);
    expect((await call(contentRoute.POST, "/api/content", { method: "POST", body: { id: "pymupdf/find-tables", title: "Find tables", body: "page.find_tables()" } })).status).toBe(201);
    expect(await countRows("content_revisions")).toBe(stored + 1);
  });

  it("the lock timeout belongs to each write transaction, never only to a connection (PgBouncer's transaction mode shares them)", async () => {
    const lockTimeout = async (inside?: { waitMs?: number }) => {
      const read = () => db().get<{ lockTimeout: string }>(`SELECT current_setting('lock_timeout') AS "lockTimeout"`);
      return (inside ? await transaction(read, inside) : await read())?.lockTimeout;
    };
    // Each new connection starts with the busy timeout (reads are bounded too)...
    expect(await lockTimeout()).toBe("1500ms");
    // ...but a server connection through PgBouncer may carry another session's setting, or the
    // server's default: a write transaction sets its own. pg's pool hands out the connection released
    // last, so the transactions below run on the connection whose session setting was just cleared.
    await db().run(`SET lock_timeout = 0`);
    expect(await lockTimeout()).toBe("0");
    expect(await lockTimeout({})).toBe("1500ms");
    expect(await lockTimeout({ waitMs: 0 })).toBe("1500ms");
    expect(await lockTimeout()).toBe("0");
    await db().run(`SET lock_timeout = 1500`);
  });

  it("a single write outside a transaction that meets another server's row lock fails busy at the timeout", async () => {
    await db().run(`INSERT INTO search_meta (key, value) VALUES ('lock-probe', '1')`);
    const holder = new pg.Client({ connectionString: databaseUrl() });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`UPDATE search_meta SET value = '2' WHERE key = 'lock-probe'`);
      const started = Date.now();
      const failure = await db()
        .run(`UPDATE search_meta SET value = '3' WHERE key = 'lock-probe'`)
        .then(() => null, (error: unknown) => error);
      const waited = Date.now() - started;
      expect(dbUnavailableCause(failure)).toBe("busy");
      expect(waited).toBeGreaterThanOrEqual(1400);
      await holder.query("ROLLBACK");
    } finally {
      await holder.end();
    }
    expect(await db().run(`UPDATE search_meta SET value = '3' WHERE key = 'lock-probe'`)).toBe(1);
    expect(await db().get(`SELECT value FROM search_meta WHERE key = 'lock-probe'`)).toEqual({ value: "3" });
  });

  it("a read-only server answers 503 read_only to a write, stores nothing, and health names it", async () => {
    const name = new URL(databaseUrl()).pathname.slice(1);
    const stored = await countRows("experiences");
    await asOperator(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    await closeDb(); // new sessions take the database's setting
    try {
      const answer = await post(experienceInput({ task: "refused by a read-only server" }));
      expect(answer.status).toBe(503);
      expect(answer.json.error).toMatchObject({ code: "unavailable", details: { cause: "read_only" } });
      const sick = await health();
      expect(sick.status).toBe(503);
      expect(sick.json).toMatchObject({ status: "unavailable", cause: "read_only" });
      expect((await call(searchRoute.GET, "/api/search?q=tables")).status).toBe(200);
    } finally {
      // This session starts read-only too: it sets itself writable first.
      await asOperator("SET default_transaction_read_only = off", `ALTER DATABASE "${name}" SET default_transaction_read_only = off`);
      await closeDb();
    }
    expect(await countRows("experiences")).toBe(stored);
    expect((await post(experienceInput({ task: "stored once the server takes writes" }))).status).toBe(201);
    expect((await health()).json).toMatchObject({ status: "ok" });
  });

  it("a server that does not answer is 503 unreachable, and the hub recovers by itself when it is back", async () => {
    const real = process.env.DATABASE_URL!;
    const gone = new URL(real);
    gone.port = "1"; // nothing listens there
    process.env.DATABASE_URL = gone.toString();
    try {
      const search = await call(searchRoute.GET, "/api/search?q=tables");
      expect(search.status).toBe(503);
      expect(search.headers.get("retry-after")).toBe("2");
      expect(search.json.error).toMatchObject({ code: "unavailable", details: { cause: "unreachable" } });
      expect((await health()).json).toMatchObject({ status: "unavailable", cause: "unreachable" });
    } finally {
      process.env.DATABASE_URL = real;
    }
    const back = await call(searchRoute.GET, "/api/search?q=tables");
    expect(back.json).toMatchObject({ query: "tables" });
    expect(back.status).toBe(200);
    expect((await health()).json).toMatchObject({ status: "ok" });
  });
});

/**
 * A TCP relay to the database's server, whose connections the test can cut: pg then fails what is in
 * flight with errors that carry no code of their own ("Connection terminated unexpectedly").
 */
async function relayTo(url: string): Promise<{ url: string; cut: () => void; close: () => Promise<void> }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const server = connect(Number(target.port), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(url);
  relayed.port = String((relay.address() as { port: number }).port);
  return {
    url: relayed.toString(),
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

describe.skipIf(!onPostgres())("PostgreSQL's connections in trouble (lib/db-pg-pool.ts)", () => {
  it("every pool connection in use: requests answer 503 busy within twice the busy timeout, none 500", async () => {
    const release = await holdWriterLock();
    const locker = new pg.Client({ connectionString: databaseUrl() });
    await locker.connect();
    try {
      const { rows } = await locker.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
      await locker.query("BEGIN");
      await locker.query(`LOCK TABLE ${rows.map((r) => `"${r.name}"`).join(", ")} IN ACCESS EXCLUSIVE MODE`);
      // Every table locked: ten connections wait on a lock, the other requests wait for one of them.
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          (i % 2 ? call(searchRoute.GET, `/api/search?q=${encodeURIComponent(`pool wait ${i}`)}`) : db().get(`SELECT COUNT(*) AS n FROM resources`).then(() => null, (error) => error)).then((answer) => ({ answer, ms: Date.now() - started })),
        ),
      );
      for (const { answer } of answers) {
        if (answer instanceof Response || (answer && "status" in answer && "json" in answer)) {
          expect(answer.status).toBe(503);
          expect(answer.headers.get("retry-after")).toBe("2");
          expect(answer.json.error.details.cause).toBe("busy");
        } else expect(dbUnavailableCause(answer)).toBe("busy");
      }
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2 * 1500 + 1500);
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
      await release();
    }
    expect((await call(searchRoute.GET, "/api/search?q=tables")).status).toBe(200);
  });

  it("a connection cut under a query is 503 unreachable, for Prisma's queries and the search's pool.query alike; the pool replaces it", async () => {
    const real = process.env.DATABASE_URL!;
    const relay = await relayTo(real);
    process.env.DATABASE_URL = relay.url;
    try {
      expect((await call(searchRoute.GET, "/api/search?q=tables")).status).toBe(200);
      const slow = db().get(`SELECT pg_sleep(5)::text AS slept`).then(() => null, (error) => error);
      const search = call(searchRoute.GET, "/api/search?q=extract%20tables%20from%20pdf%20papers%20quickly");
      relay.cut();
      const [error, answer] = await Promise.all([slow, search]);
      expect(dbUnavailableCause(error)).toBe("unreachable");
      // The search may have finished before the cut; if not, it must not be a 500.
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.json.error.details.cause).toBe("unreachable");
      expect((await call(searchRoute.GET, "/api/search?q=tables")).status).toBe(200);
    } finally {
      await closeDb();
      process.env.DATABASE_URL = real;
      await relay.close();
    }
  });
});

describe("PostgreSQL failures are told apart by SQLSTATE", () => {
  // As Prisma's adapter reports them: the server's code kept as originalCode.
  const adapterError = (originalCode: string) => ({ name: "DriverAdapterError", cause: { kind: "postgres", originalCode, code: originalCode } });
  it.each([
    ["55P03", "busy"],
    ["40001", "busy"],
    ["25006", "read_only"],
    ["53100", "disk_full"],
    ["58030", "io_error"],
    ["57P01", "unreachable"],
    ["08006", "unreachable"],
    ["23505", null],
  ])("%s is %s", (code, cause) => {
    expect(dbUnavailableCause(adapterError(code))).toBe(cause);
  });

  it("a socket reset under a pool.query() (read ECONNRESET, no address) is unreachable, not a file system error", () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { errno: -104, code: "ECONNRESET", syscall: "read" });
    expect(dbUnavailableCause(reset)).toBe("unreachable");
  });
});

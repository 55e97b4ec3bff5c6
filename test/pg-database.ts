// A fresh PostgreSQL database for one test file, on the server test/pg-global-setup.ts planned:
//
//   const pg = usePgDatabase();            // at the top of the file
//   describe.skipIf(!pg.available)(...)    // skipped where PostgreSQL is not installed
//   ... pg.url() / pg.query(sql, params)   // inside tests and hooks
//
// The database is created in beforeAll (the first file to ask starts the local cluster) with the
// PostgreSQL migrations applied unless `migrate: false`, and dropped in afterAll.
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { migratePgDatabase } from "@/lib/db-migrate-pg";
import { createScratchDatabase, ensurePgServer } from "../scripts/lib/pg-cluster";

export type PgTestDatabase = {
  available: boolean;
  url(): string;
  /** A query on this file's own connection to the database. */
  query<R extends pg.QueryResultRow = any>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /** A new connection (for concurrency tests); the caller ends it. */
  connect(): Promise<pg.Client>;
};

export function usePgDatabase(options: { migrate?: boolean } = {}): PgTestDatabase {
  const plan = inject("knowhubPg");
  const available = plan !== undefined && plan.kind !== "missing";
  let url = "";
  let dropDatabase: (() => Promise<void>) | null = null;
  let client: pg.Client | null = null;

  if (available) {
    beforeAll(async () => {
      const scratch = await createScratchDatabase(await ensurePgServer(plan), "knowhub_test");
      dropDatabase = scratch.drop;
      url = scratch.url;
      client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ server_encoding: string }>("SHOW server_encoding");
      if (rows[0].server_encoding !== "UTF8") {
        throw new Error(`the PostgreSQL test server must use UTF-8 (it uses ${rows[0].server_encoding})`);
      }
      if (options.migrate !== false) await migratePgDatabase(url);
    });
    afterAll(async () => {
      await client?.end();
      await dropDatabase?.();
    });
  }

  return {
    available,
    url: () => {
      if (!url) throw new Error("the PostgreSQL test database is made in beforeAll");
      return url;
    },
    query: (sql, params) => {
      if (!client) throw new Error("the PostgreSQL test database is made in beforeAll");
      return client.query(sql, params as unknown[]);
    },
    connect: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    },
  };
}

// Where the PostgreSQL tests get their server (test/pg-cluster.ts): no server needed for these.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensurePgServer, findPgBinDir, PG_MISSING_LINE, planPgServer } from "../scripts/lib/pg-cluster";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function fakeInstall(versions: Record<string, string[]>): string {
  const root = mkdtempSync(join(tmpdir(), "knowhub-fake-pg-"));
  roots.push(root);
  for (const [version, binaries] of Object.entries(versions)) {
    mkdirSync(join(root, version, "bin"), { recursive: true });
    for (const b of binaries) {
      writeFileSync(join(root, version, "bin", b), "#!/bin/sh\n");
      chmodSync(join(root, version, "bin", b), 0o755);
    }
  }
  return root;
}

describe("finding the PostgreSQL server for the tests", () => {
  const server = ["initdb", "pg_ctl", "postgres"];

  it("takes the newest installed version that has the server binaries", () => {
    const root = fakeInstall({ "9.6": server, "15": server, "16": ["pg_ctl"], "13": server, common: server });
    expect(findPgBinDir(root)).toBe(join(root, "15", "bin"));
  });

  it("finds nothing where no server is installed", () => {
    expect(findPgBinDir(join(tmpdir(), "knowhub-no-such-folder"))).toBeNull();
    expect(findPgBinDir(fakeInstall({ "15": ["psql"] }))).toBeNull();
  });

  it("prefers TEST_DATABASE_URL, then a local cluster, and says when there is neither", async () => {
    let made = 0;
    const makeStateDir = () => `/tmp/state-${++made}`;
    expect(planPgServer({ TEST_DATABASE_URL: "postgresql://u@db.example/x" }, makeStateDir, () => "/bin")).toEqual({
      kind: "url",
      url: "postgresql://u@db.example/x",
    });
    expect(made).toBe(0); // no temporary folder for a server it will not start
    expect(planPgServer({}, makeStateDir, () => "/usr/lib/postgresql/15/bin")).toEqual({
      kind: "local",
      binDir: "/usr/lib/postgresql/15/bin",
      stateDir: "/tmp/state-1",
    });
    const missing = planPgServer({}, makeStateDir, () => null);
    expect(missing).toEqual({ kind: "missing" });
    await expect(ensurePgServer(missing)).rejects.toThrow(PG_MISSING_LINE);
  });
});

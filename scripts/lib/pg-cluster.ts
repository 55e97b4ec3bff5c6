// A PostgreSQL server for the tests and the eval (#19): TEST_DATABASE_URL when set; otherwise a
// throwaway cluster made from the machine's binaries (/usr/lib/postgresql/<version>/bin) in a
// temporary folder, stopped and removed when the run ends. Plain Node, no Vitest: test/pg-global-setup.ts
// plans the server once per test run and test/pg-database.ts gives each test file a fresh database on
// it; `npm run eval -- --engine postgres` plans and starts one for itself (scripts/lib/eval-pg.ts).
//
// The cluster is started lazily, by the first test file that asks for a database: a run of SQLite
// tests alone never pays for initdb. Test files run in several processes, so the first one takes a
// lock (an atomic mkdir) and starts the cluster, and the others wait for the URL it writes.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { join } from "node:path";

/** What the global setup hands every test file (it must survive structured cloning). */
export type PgPlan =
  | { kind: "url"; url: string }
  | { kind: "local"; binDir: string; stateDir: string; port?: number }
  | { kind: "missing" };

export const PG_MISSING_LINE =
  "PostgreSQL is not installed: the PostgreSQL suite did not run (apt-get install -y postgresql)";

// Where Debian's postgresql-<version> packages put their server binaries.
const DEBIAN_PG_ROOT = "/usr/lib/postgresql";

const START_TIMEOUT_S = 60;
const WAIT_FOR_OTHER_STARTER_MS = 120_000;
const PORT_ATTEMPTS = 3;

/** The newest installed server's bin folder (with initdb, pg_ctl and postgres), or null. */
export function findPgBinDir(root: string = DEBIAN_PG_ROOT): string | null {
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .filter((v) => ["initdb", "pg_ctl", "postgres"].every((b) => existsSync(join(root, v, "bin", b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

/** TEST_DATABASE_URL first; then a local cluster if binaries exist (stateDir: a fresh temp folder). */
export function planPgServer(env: Record<string, string | undefined>, makeStateDir: () => string, findBinDir: () => string | null = findPgBinDir): PgPlan {
  if (env.TEST_DATABASE_URL) return { kind: "url", url: env.TEST_DATABASE_URL };
  const binDir = findBinDir();
  if (!binDir) return { kind: "missing" };
  return { kind: "local", binDir, stateDir: makeStateDir() };
}

/** The server's admin URL, starting the local cluster if no test file has yet. */
export async function ensurePgServer(plan: PgPlan): Promise<string> {
  if (plan.kind === "url") return plan.url;
  if (plan.kind === "missing") throw new Error(PG_MISSING_LINE);
  const urlFile = join(plan.stateDir, "url");
  const errorFile = join(plan.stateDir, "error");
  let starter = false;
  try {
    mkdirSync(join(plan.stateDir, "lock"));
    starter = true;
  } catch {
    // another test process is starting (or has started) the cluster
  }
  if (starter) {
    try {
      const url = await startCluster(plan.binDir, plan.stateDir, plan.port);
      writeAtomically(urlFile, url);
      return url;
    } catch (error) {
      writeAtomically(errorFile, String((error as Error).message));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_FOR_OTHER_STARTER_MS;
  while (Date.now() < deadline) {
    if (existsSync(urlFile)) return readFileSync(urlFile, "utf8");
    if (existsSync(errorFile)) throw new Error(`the test PostgreSQL cluster did not start: ${readFileSync(errorFile, "utf8")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the test PostgreSQL cluster did not start within ${WAIT_FOR_OTHER_STARTER_MS / 1000} s`);
}

/** Stops the local cluster if a test file started it, and removes its folder. */
export function stopPgServer(plan: PgPlan): void {
  if (plan.kind !== "local") return;
  const data = join(plan.stateDir, "data");
  if (existsSync(join(data, "postmaster.pid"))) {
    asServerOwner(join(plan.binDir, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], plan.stateDir);
  }
  rmSync(plan.stateDir, { recursive: true, force: true });
}

/**
 * initdb (UTF-8, C.UTF-8 locale so that the server classifies every script's letters, trust
 * authentication: nothing but this machine can reach it) and pg_ctl start on 127.0.0.1 and a free
 * port (or the one given: a shared machine's scripts keep to their own ports); durability is off,
 * the cluster is thrown away. Returns the superuser's URL.
 */
async function startCluster(binDir: string, stateDir: string, fixedPort?: number): Promise<string> {
  const data = join(stateDir, "data");
  const sockets = join(stateDir, "sockets");
  mkdirSync(data, { mode: 0o700 });
  mkdirSync(sockets, { mode: 0o700 });
  // initdb refuses to run as root: as root, the cluster belongs to the postgres user.
  if (isRoot()) for (const dir of [stateDir, data, sockets]) chownSync(dir, serverOwner().uid, serverOwner().gid);
  run(join(binDir, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"], stateDir);
  let lastError = "";
  for (let attempt = 0; attempt < (fixedPort ? 1 : PORT_ATTEMPTS); attempt++) {
    const port = fixedPort ?? (await freePort());
    const options = [
      `-p ${port}`,
      `-k ${sockets}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    const started = asServerOwner(
      join(binDir, "pg_ctl"),
      ["-D", data, "-l", join(stateDir, "server.log"), "-o", options, "-w", "-t", String(START_TIMEOUT_S), "start"],
      stateDir,
    );
    if (started.status === 0) return `postgresql://postgres@127.0.0.1:${port}/postgres`;
    // Another process may have taken the port between our probe and the server's bind.
    lastError = `${started.stderr}${readLog(join(stateDir, "server.log"))}`;
  }
  throw new Error(`pg_ctl start failed ${fixedPort ? `on port ${fixedPort}` : `${PORT_ATTEMPTS} times`}: ${lastError.trim().slice(-2000)}`);
}

function run(cmd: string, args: string[], cwd: string): void {
  const result = asServerOwner(cmd, args, cwd);
  if (result.status !== 0) throw new Error(`${cmd} failed (exit ${result.status}): ${`${result.stdout}${result.stderr}`.trim().slice(-2000)}`);
}

// cwd: a folder the postgres user can enter (it may not be allowed into the project's).
function asServerOwner(cmd: string, args: string[], cwd: string) {
  const [file, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  return spawnSync(file, argv, { cwd, encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" } });
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

let owner: { uid: number; gid: number } | null = null;
function serverOwner(): { uid: number; gid: number } {
  if (owner) return owner;
  const ids = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const uid = ids("-u");
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error("running as root, but there is no postgres user to own the test cluster (initdb refuses root)");
  }
  return (owner = { uid, gid: ids("-g") });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function readLog(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

function writeAtomically(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/**
 * A fresh, empty database on the server `adminUrl` names (`prefix` + a random suffix): its URL, and
 * drop() to remove it, connections and all. For a test file or one corpus of the eval.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withPgClient(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withPgClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs `fn` on a client of its own, connected for the call and closed after it. */
export async function withPgClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// `npm test`: type check, a fresh production build, unit and integration tests (Vitest: every
// integration test on a fresh SQLite file and again on a fresh PostgreSQL database, the projects
// "sqlite" and "postgres"; the faults on real servers), the retrieval-quality eval with its floors,
// and the browser tests.
// Stops at the first failing step; prints one summary line at the end.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One build folder for every step, so the eval and the browser tests reuse the fresh build.
process.env.NEXT_DIST_DIR ||= ".next";

const bin = (name) => join(process.cwd(), "node_modules", ".bin", name);
const reports = mkdtempSync(join(tmpdir(), "knowhub-test-"));
const counts = { passed: 0, failed: 0 };

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${[cmd.replace(`${process.cwd()}/`, ""), ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : `FAILED (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function finish(ok) {
  rmSync(reports, { recursive: true, force: true });
  if (!ok && counts.failed === 0) counts.failed = 1;
  console.log(`\nsummary: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(ok ? 0 : 1);
}

// The browser tests need Debian's Chromium (Playwright cannot download its own here). Provided up
// front, before minutes of other steps: installed when this runs as root with apt, otherwise the
// run stops at once naming the one command to run.
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  const install = "apt-get install -y chromium fonts-noto-cjk";
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`Chromium is missing for the browser tests: run \`sudo ${install}\` (as root: \`${install}\`), then npm test again.`);
    finish(false);
  }
  console.log(`Chromium is missing for the browser tests: installing Debian's (apt-get update; ${install}) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const ok =
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], { stdio: "inherit", env }).status === 0;
  if (!ok || !existsSync(CHROMIUM)) {
    console.error(`Installing Chromium failed: run \`${install}\` by hand, then npm test again.`);
    finish(false);
  }
}

if (!step("typecheck", bin("tsc"), ["--noEmit"])) finish(false);
// The house's boundaries (.dependency-cruiser.cjs): app -> lib/<domain> -> lib/db, no loops.
// A database call made and not awaited would run after its transaction ended (lib/db.ts).
if (!step("floating promises", bin("tsx"), ["scripts/check-floating-promises.ts"])) finish(false);
if (!step("boundaries", bin("depcruise"), ["lib", "app", "components", "proxy.ts", "--config", ".dependency-cruiser.cjs", "--output-type", "err"])) finish(false);

// Whether PostgreSQL is here for the tests and the eval (TEST_DATABASE_URL, or a server's binaries).
const hasPostgres =
  Boolean(process.env.TEST_DATABASE_URL) ||
  (existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").some((v) => existsSync(join("/usr/lib/postgresql", v, "bin", "initdb"))));

// One fresh build, before the tests: the test files that serve the app (test/serve-workers.test.ts,
// test/faults.test.ts: real servers, faults and all) find it up to date, and the eval and the browser
// tests below reuse it, so the app is built once per run.
rmSync(process.env.NEXT_DIST_DIR, { recursive: true, force: true });
if (!step("production build", bin("next"), ["build"])) finish(false);

const vitestReport = join(reports, "vitest.json");
// Vitest prints each failing file with its project, "sqlite" or "postgres": the engine that failed.
// Without PostgreSQL the "postgres" project is left out after one loud line (vitest.config.mts).
const unitOk = step(`unit and integration tests (${hasPostgres ? "SQLite and PostgreSQL" : "SQLite only"})`, bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
}
if (!unitOk) finish(false);

// The dev floors over HTTP against the production build (run.mjs), then the in-process eval of every
// corpus (dev, proxy, held-out; floors on dev only), which must agree with run.mjs's dev figures.
const httpEval = join(reports, "eval-http-dev.json");
const evalOk = step("retrieval eval (HTTP, dev floors)", bin("tsx"), ["scripts/eval.ts", "--http", "--json", httpEval]);
counts[evalOk ? "passed" : "failed"] += 1;
if (!evalOk) finish(false);
// On both engines when PostgreSQL is here (#19: the same answers within 0.01 on every corpus); a
// machine without it says so and measures SQLite, unless KNOWHUB_REQUIRE_POSTGRES (CI) demands it.
if (!hasPostgres) {
  console.log("\n!!! PostgreSQL is not installed: the eval runs on SQLite only (apt-get install -y postgresql for both engines)");
  if (process.env.KNOWHUB_REQUIRE_POSTGRES === "1") finish(false);
}
const inProcessOk = step("retrieval eval (in-process, all corpora" + (hasPostgres ? ", SQLite and PostgreSQL" : "") + ")", bin("tsx"), [
  "scripts/eval.ts",
  "--agree-with",
  httpEval,
  "--engine",
  hasPostgres ? "both" : "sqlite",
]);
counts[inProcessOk ? "passed" : "failed"] += 1;
if (!inProcessOk) finish(false);

const e2eReport = join(reports, "playwright.json");
const e2eOk = step("browser tests", bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport });
const e2e = readJson(e2eReport);
if (e2e?.stats) {
  counts.passed += e2e.stats.expected ?? 0;
  counts.failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
}
finish(e2eOk);

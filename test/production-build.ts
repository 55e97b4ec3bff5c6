// The production build that the test files serving it share (test/serve-workers.test.ts,
// test/faults.test.ts): built when missing or older than the sources, once per file, and never by
// two files at once (Vitest runs files in parallel; two `next build`s into one folder break both).
// In `npm test` the build step runs before the tests (scripts/test-all.mjs), so it is up to date here.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfNeeded } from "../scripts/lib/bench/build";

const LOCK_POLL_MS = 200;
const LOCK_WAIT_MS = 900_000;

let built = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds into NEXT_DIST_DIR (default .next-bench, never the .next other work may be building) if stale. */
export async function buildForServers(): Promise<void> {
  process.env.NEXT_DIST_DIR ||= ".next-bench";
  if (built) return;
  const dist = process.env.NEXT_DIST_DIR;
  const id = createHash("sha256").update(`${process.cwd()}\0${dist}`).digest("hex").slice(0, 16);
  const lock = join(tmpdir(), `knowhub-build-${id}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      // Another test file is building; a lock whose process ended (killed mid-build) is taken over.
      let holder = 0;
      try {
        holder = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {
        // the holder has not written its pid yet
      }
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another test file held the build lock ${lock} for ${LOCK_WAIT_MS / 1000} s`);
      else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }
  try {
    // A tree someone is editing may not build: then the last build is used (with a warning).
    console.log(`build (${dist}): ${buildIfNeeded(false)}`);
    built = true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

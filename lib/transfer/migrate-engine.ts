// `knowhub migrate-engine --to postgres://...`: moves the hub DATABASE_URL names into another
// (empty) database, typically SQLite to PostgreSQL: a backup of the source (a snapshot: the source
// may keep serving meanwhile, but writes after it are not moved, so stop writers first), restored
// into the target in one transaction, then a backup of the target compared with the first, line for
// line (the header's engine, migration level and time aside). The two backup files live in a
// private temporary folder, removed at the end (for a copy to keep, run `knowhub backup` too).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseUrl } from "../db";
import { DomainError } from "../errors";
import { compareBackups } from "./backup-format";
import { createBackup, type BackupSummary } from "./create-backup";
import { restoreBackup, type RestoreSummary } from "./restore-backup";

export type MigrateEngineSummary = { backup: BackupSummary; restore: RestoreSummary; verified: true; elapsedMs: number };

export async function migrateEngine(targetUrl: string, options: { onStep?: (step: string) => void } = {}): Promise<MigrateEngineSummary> {
  const started = performance.now();
  if (targetUrl === databaseUrl()) throw new DomainError("invalid_input", "--to names the hub's own database: name an empty database to move it to");
  // mkdtemp makes the folder 0700; the files in it are 0600 (createBackup).
  const dir = mkdtempSync(join(tmpdir(), "knowhub-migrate-engine-"));
  try {
    const first = join(dir, "source.knowhub-backup");
    options.onStep?.("backing up the source");
    const backup = await createBackup(first);
    options.onStep?.("restoring into the target");
    const restore = await restoreBackup(first, { targetUrl });
    options.onStep?.("verifying: a backup of the target against the source's");
    const second = join(dir, "target.knowhub-backup");
    await createBackup(second, { sourceUrl: targetUrl });
    const difference = await compareBackups(first, second);
    if (difference) {
      throw new Error(`the target does not hold what the source held (${difference}); the target was written: drop it before trying again`);
    }
    return { backup, restore, verified: true, elapsedMs: performance.now() - started };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

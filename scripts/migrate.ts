// Creates and migrates the database named by DATABASE_URL (default file:./data/knowhub.db; a
// postgres:// URL migrates that PostgreSQL database), then analyzes its experiences again if an
// older analyzer built their search columns.
import { closeDb, databaseUrl, dbEngine, describeDatabase } from "../lib/db";
import { databasePath, migrateDatabase } from "../lib/db-migrate";
import { migratePgDatabase } from "../lib/db-migrate-pg";
import { fillContentSkeletons } from "../lib/contents/fill-content-skeletons";
import { fillContentSearch } from "../lib/contents/index-content";
import { fillNearSignatures } from "../lib/experiences/fill-near-signatures";
import { fillResourceSkeletons } from "../lib/resources/fill-skeletons";
import { describeReanalysis, reanalyzeWithProgress } from "./lib/reanalyze-with-progress";

async function main(): Promise<void> {
  if (dbEngine() === "postgres") {
    const { applied } = await migratePgDatabase(databaseUrl());
    console.log(applied.length ? `migrated ${describeDatabase()}: ${applied.join(", ")}` : `${describeDatabase()} is up to date`);
  } else {
    const path = databasePath();
    const { applied } = migrateDatabase(path);
    console.log(applied.length ? `migrated ${path}: ${applied.join(", ")}` : `${path} is up to date`);
  }

  // Resources and content nodes created before lookalike detection existed, or before its rule changed
  // (a migration then empties the stored skeletons), get their skeletons (a no-op afterwards).
  const filled = await fillResourceSkeletons();
  if (filled > 0) console.log(`computed lookalike skeletons of ${filled} resources`);
  const filledContents = await fillContentSkeletons();
  if (filledContents > 0) console.log(`computed lookalike skeletons of ${filledContents} content nodes`);

  const result = await reanalyzeWithProgress();
  if (result && result.rows > 0) console.log(describeReanalysis(result));
  // After the reanalysis: signatures are computed from the analyzed terms it may have rewritten.
  const signed = await fillNearSignatures();
  if (signed > 0) console.log(`computed near-duplicate signatures of ${signed} experiences`);
  // Content search's index: nodes written before it existed, by a restore, or by an older analyzer.
  const indexed = await fillContentSearch();
  if (indexed > 0) console.log(`indexed ${indexed} content nodes for search`);
}

void main()
  .catch((error) => {
    console.error(`knowhub: the database could not be migrated: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

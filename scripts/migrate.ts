// Creates and migrates the database named by DATABASE_URL (default file:./data/knowhub.db), then
// analyzes its experiences again if an older analyzer built their search columns.
import { closeDb } from "../lib/db";
import { databasePath, migrateDatabase } from "../lib/db-migrate";
import { fillContentSkeletons } from "../lib/contents/fill-content-skeletons";
import { fillResourceSkeletons } from "../lib/resources/fill-skeletons";
import { describeReanalysis, reanalyzeWithProgress } from "./lib/reanalyze-with-progress";

const path = databasePath();
const { applied } = migrateDatabase(path);
console.log(applied.length ? `migrated ${path}: ${applied.join(", ")}` : `${path} is up to date`);

// Resources and content nodes created before lookalike detection existed, or before its rule changed
// (a migration then empties the stored skeletons), get their skeletons (a no-op afterwards).
const filled = fillResourceSkeletons();
if (filled > 0) console.log(`computed lookalike skeletons of ${filled} resources`);
const filledContents = fillContentSkeletons();
if (filledContents > 0) console.log(`computed lookalike skeletons of ${filledContents} content nodes`);

const result = reanalyzeWithProgress();
if (result && result.rows > 0) console.log(describeReanalysis(result));
void closeDb();

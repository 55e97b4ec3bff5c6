// Creates and migrates the database named by DATABASE_URL (default file:./data/knowhub.db), then
// analyzes its experiences again if an older analyzer built their search columns.
import { closeDb } from "../lib/db";
import { databasePath, migrateDatabase } from "../lib/db-migrate";
import { reanalyzeIfStale } from "../lib/search/reanalyze";
import { progressBar } from "./lib/progress-bar";

const path = databasePath();
const { applied } = migrateDatabase(path);
console.log(applied.length ? `migrated ${path}: ${applied.join(", ")}` : `${path} is up to date`);

const bar = progressBar("re-analyze");
const result = reanalyzeIfStale((done, total) => bar.update(done, total, `${done.toLocaleString("en")} experiences`));
bar.finish();
if (result && result.rows > 0) {
  console.log(
    `analyzer ${result.from ?? "unrecorded"} -> ${result.to}: ${result.rows.toLocaleString("en")} experiences analyzed again, ` +
      `${result.changed.toLocaleString("en")} changed`,
  );
}
void closeDb();

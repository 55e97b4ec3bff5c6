// Creates and migrates the database named by DATABASE_URL (default file:./data/knowhub.db).
import { databasePath, migrateDatabase } from "../lib/db-migrate";

const path = databasePath();
const { applied } = migrateDatabase(path);
console.log(applied.length ? `migrated ${path}: ${applied.join(", ")}` : `${path} is up to date`);

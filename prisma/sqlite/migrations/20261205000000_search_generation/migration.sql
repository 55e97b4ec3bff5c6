-- The search answer cache (lib/search/result-cache.ts) and the planner's cached zeros are dropped
-- whenever anything search reads changes. They used to read SQLite's data_version, which moves on
-- every commit by another connection: with several server processes on one file, each one's
-- search-log flush emptied the others' caches (7 % hits with 2 workers against 36 % with 1). This
-- counter moves only on writes to the tables search reads: experiences (and through their
-- triggers the FTS index) and resources.
INSERT INTO "search_meta" ("key", "value") VALUES ('generation', '0');

CREATE TRIGGER "search_generation_experience_insert" AFTER INSERT ON "experiences" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_experience_update" AFTER UPDATE ON "experiences" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_experience_delete" AFTER DELETE ON "experiences" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_resource_insert" AFTER INSERT ON "resources" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_resource_update" AFTER UPDATE ON "resources" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_resource_delete" AFTER DELETE ON "resources" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;

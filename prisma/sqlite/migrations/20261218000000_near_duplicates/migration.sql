-- Near-duplicate reports (#21): each experience carries the signature of its analyzed task and tips
-- (lib/text/near-duplicate.ts: "version:task:tips", bottom-k MinHash hashes of the terms, each
-- mapped to its lexicon concept). Computed in TypeScript when a report is written (the API and the
-- import), so both engines store and compare the same values. A submit compares the signatures of
-- the published reports of its resource (found by the existing resource_key/status index): no index
-- of its own. Rows written before this migration have '' and are filled by `npm start`
-- (scripts/migrate.ts, lib/experiences/fill-near-signatures.ts); until then, and for a signature of
-- an older version, the check computes it from the stored search_task and search_tips.
ALTER TABLE "experiences" ADD COLUMN "near_signature" TEXT NOT NULL DEFAULT '';

-- Filling the signatures of existing rows (npm start) writes only near_signature: the index and the
-- resource counts do not depend on it, so the update triggers fire only when a column they read is
-- set (SQLite's UPDATE OF). Otherwise a 1M-row hub would re-index every row once at upgrade.
DROP TRIGGER "experiences_au";
CREATE TRIGGER "experiences_au" AFTER UPDATE OF "name", "resource_key", "url", "category", "status", "search_name", "search_task",
    "search_tips", "search_outcome", "created_at" ON "experiences" BEGIN
    UPDATE "resources" SET "experience_count" = "experience_count" - 1
    WHERE "key" = OLD."resource_key" AND OLD."status" = 'published';
    INSERT INTO "experience_fts" ("experience_fts", "rowid", "search_name", "search_task", "search_tips", "search_outcome")
    SELECT 'delete', OLD."id", OLD."search_name", OLD."search_task", OLD."search_tips", OLD."search_outcome"
    WHERE OLD."status" = 'published';
    INSERT INTO "resources" ("key", "name", "url", "category", "first_seen", "last_seen")
    VALUES (NEW."resource_key", NEW."name", NEW."url", NEW."category", NEW."created_at", NEW."created_at")
    ON CONFLICT ("key") DO NOTHING;
    UPDATE "resources" SET
        "experience_count" = "experience_count" + 1,
        "first_seen" = min("first_seen", NEW."created_at"),
        "last_seen" = max("last_seen", NEW."created_at")
    WHERE "key" = NEW."resource_key" AND NEW."status" = 'published';
    INSERT INTO "experience_fts" ("rowid", "search_name", "search_task", "search_tips", "search_outcome")
    SELECT NEW."id", NEW."search_name", NEW."search_task", NEW."search_tips", NEW."search_outcome"
    WHERE NEW."status" = 'published';
END;
DROP TRIGGER "search_generation_experience_update";
CREATE TRIGGER "search_generation_experience_update" AFTER UPDATE OF "name", "resource_key", "url", "category", "task", "score",
    "outcome", "tips", "content_id", "submitted_by", "status", "submission_hash", "search_name", "search_task", "search_tips",
    "search_outcome", "created_at", "updated_at", "key_id", "key_label", "findings", "status_reason", "version" ON "experiences" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;

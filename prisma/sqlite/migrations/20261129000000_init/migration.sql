-- KnowHub initial schema. Tables mirror prisma/schema.prisma (checked by test/schema-drift.test.ts);
-- the FTS5 index and the triggers below exist only here.

CREATE TABLE "resources" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "category" TEXT NOT NULL DEFAULT '',
    "experience_count" INTEGER NOT NULL DEFAULT 0,
    "score_sum" INTEGER NOT NULL DEFAULT 0,
    "score_1" INTEGER NOT NULL DEFAULT 0,
    "score_2" INTEGER NOT NULL DEFAULT 0,
    "score_3" INTEGER NOT NULL DEFAULT 0,
    "score_4" INTEGER NOT NULL DEFAULT 0,
    "score_5" INTEGER NOT NULL DEFAULT 0,
    "first_seen" DATETIME NOT NULL,
    "last_seen" DATETIME NOT NULL
);
CREATE INDEX "resources_category_idx" ON "resources"("category");

CREATE TABLE "experiences" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "resource_key" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "category" TEXT NOT NULL DEFAULT '',
    "task" TEXT NOT NULL,
    "score" INTEGER NOT NULL CHECK ("score" BETWEEN 1 AND 5),
    "outcome" TEXT NOT NULL DEFAULT '',
    "tips" TEXT NOT NULL DEFAULT '',
    "content_id" TEXT NOT NULL DEFAULT '',
    "submitted_by" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "submission_hash" TEXT NOT NULL,
    "search_name" TEXT NOT NULL DEFAULT '',
    "search_task" TEXT NOT NULL DEFAULT '',
    "search_tips" TEXT NOT NULL DEFAULT '',
    "search_outcome" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "experiences_resource_key_fkey" FOREIGN KEY ("resource_key") REFERENCES "resources" ("key") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "experiences_submission_hash_key" ON "experiences"("submission_hash");
CREATE INDEX "experiences_resource_key_status_created_at_idx" ON "experiences"("resource_key", "status", "created_at");
CREATE INDEX "experiences_status_created_at_idx" ON "experiences"("status", "created_at");

CREATE TABLE "contents" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "root_id" TEXT NOT NULL,
    "parent_id" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "content_hash" TEXT NOT NULL,
    "submitted_by" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "contents_parent_id_sort_order_id_idx" ON "contents"("parent_id", "sort_order", "id");
CREATE INDEX "contents_root_id_idx" ON "contents"("root_id");

CREATE TABLE "content_revisions" (
    "content_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "content_hash" TEXT NOT NULL,
    "submitted_by" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("content_id", "revision"),
    CONSTRAINT "content_revisions_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "contents" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "search_logs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "query" TEXT NOT NULL,
    "category" TEXT NOT NULL DEFAULT '',
    "result_count" INTEGER NOT NULL,
    "abstained" BOOLEAN NOT NULL,
    "latency_ms" REAL NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "search_logs_created_at_idx" ON "search_logs"("created_at");

CREATE TABLE "content_misses" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "content_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "content_misses_content_id_idx" ON "content_misses"("content_id");

-- Full-text index over the analyzed copies of published experiences. External content: the text
-- lives once, in experiences; the triggers keep the index exact on insert, update, hide and delete.
CREATE VIRTUAL TABLE "experience_fts" USING fts5(
    "search_name", "search_task", "search_tips", "search_outcome",
    content = 'experiences', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);

-- A resource row exists before its first experience (foreign key), first spelling wins the name.
CREATE TRIGGER "experiences_resource_bi" BEFORE INSERT ON "experiences" BEGIN
    INSERT INTO "resources" ("key", "name", "url", "category", "first_seen", "last_seen")
    VALUES (NEW."resource_key", NEW."name", NEW."url", NEW."category", NEW."created_at", NEW."created_at")
    ON CONFLICT ("key") DO NOTHING;
END;

CREATE TRIGGER "experiences_ai" AFTER INSERT ON "experiences" WHEN NEW."status" = 'published' BEGIN
    UPDATE "resources" SET
        "experience_count" = "experience_count" + 1,
        "score_sum" = "score_sum" + NEW."score",
        "score_1" = "score_1" + (NEW."score" = 1),
        "score_2" = "score_2" + (NEW."score" = 2),
        "score_3" = "score_3" + (NEW."score" = 3),
        "score_4" = "score_4" + (NEW."score" = 4),
        "score_5" = "score_5" + (NEW."score" = 5),
        "url" = CASE WHEN "url" = '' THEN NEW."url" ELSE "url" END,
        "category" = CASE WHEN "category" = '' THEN NEW."category" ELSE "category" END,
        "first_seen" = min("first_seen", NEW."created_at"),
        "last_seen" = max("last_seen", NEW."created_at")
    WHERE "key" = NEW."resource_key";
    INSERT INTO "experience_fts" ("rowid", "search_name", "search_task", "search_tips", "search_outcome")
    VALUES (NEW."id", NEW."search_name", NEW."search_task", NEW."search_tips", NEW."search_outcome");
END;

CREATE TRIGGER "experiences_ad" AFTER DELETE ON "experiences" WHEN OLD."status" = 'published' BEGIN
    UPDATE "resources" SET
        "experience_count" = "experience_count" - 1,
        "score_sum" = "score_sum" - OLD."score",
        "score_1" = "score_1" - (OLD."score" = 1),
        "score_2" = "score_2" - (OLD."score" = 2),
        "score_3" = "score_3" - (OLD."score" = 3),
        "score_4" = "score_4" - (OLD."score" = 4),
        "score_5" = "score_5" - (OLD."score" = 5)
    WHERE "key" = OLD."resource_key";
    INSERT INTO "experience_fts" ("experience_fts", "rowid", "search_name", "search_task", "search_tips", "search_outcome")
    VALUES ('delete', OLD."id", OLD."search_name", OLD."search_task", OLD."search_tips", OLD."search_outcome");
END;

-- One trigger for every update so that the old entry always leaves the index before the new one
-- enters it (an update can change the status, the resource and the text at once).
CREATE TRIGGER "experiences_au" AFTER UPDATE ON "experiences" BEGIN
    UPDATE "resources" SET
        "experience_count" = "experience_count" - 1,
        "score_sum" = "score_sum" - OLD."score",
        "score_1" = "score_1" - (OLD."score" = 1),
        "score_2" = "score_2" - (OLD."score" = 2),
        "score_3" = "score_3" - (OLD."score" = 3),
        "score_4" = "score_4" - (OLD."score" = 4),
        "score_5" = "score_5" - (OLD."score" = 5)
    WHERE "key" = OLD."resource_key" AND OLD."status" = 'published';
    INSERT INTO "experience_fts" ("experience_fts", "rowid", "search_name", "search_task", "search_tips", "search_outcome")
    SELECT 'delete', OLD."id", OLD."search_name", OLD."search_task", OLD."search_tips", OLD."search_outcome"
    WHERE OLD."status" = 'published';
    INSERT INTO "resources" ("key", "name", "url", "category", "first_seen", "last_seen")
    VALUES (NEW."resource_key", NEW."name", NEW."url", NEW."category", NEW."created_at", NEW."created_at")
    ON CONFLICT ("key") DO NOTHING;
    UPDATE "resources" SET
        "experience_count" = "experience_count" + 1,
        "score_sum" = "score_sum" + NEW."score",
        "score_1" = "score_1" + (NEW."score" = 1),
        "score_2" = "score_2" + (NEW."score" = 2),
        "score_3" = "score_3" + (NEW."score" = 3),
        "score_4" = "score_4" + (NEW."score" = 4),
        "score_5" = "score_5" + (NEW."score" = 5),
        "first_seen" = min("first_seen", NEW."created_at"),
        "last_seen" = max("last_seen", NEW."created_at")
    WHERE "key" = NEW."resource_key" AND NEW."status" = 'published';
    INSERT INTO "experience_fts" ("rowid", "search_name", "search_task", "search_tips", "search_outcome")
    SELECT NEW."id", NEW."search_name", NEW."search_task", NEW."search_tips", NEW."search_outcome"
    WHERE NEW."status" = 'published';
END;

-- Trust: API keys, provenance of every write, one vote per key in a resource's score, lookalike
-- skeletons of resource names, and the key behind each logged search.

-- API keys. The token itself is never stored: only its SHA-256 (token_hash), which cannot be turned
-- back into the token (the token is 32 random bytes). Keys are revoked, never deleted, so that the
-- provenance of what they wrote keeps its meaning. `trusted` is for pre-moderation (publishes directly).
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "label" TEXT NOT NULL,
    "scope" TEXT NOT NULL CHECK ("scope" IN ('read', 'write', 'moderate')),
    "token_hash" TEXT NOT NULL,
    "trusted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME
);
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys"("token_hash");

-- Provenance: the key that wrote a row ('' = written without a key) and its label at that time. No
-- foreign key: an import carries ids of another hub's keys, and keys are never deleted anyway.
ALTER TABLE "experiences" ADD COLUMN "key_id" TEXT NOT NULL DEFAULT '';
ALTER TABLE "experiences" ADD COLUMN "key_label" TEXT NOT NULL DEFAULT '';
ALTER TABLE "contents" ADD COLUMN "key_id" TEXT NOT NULL DEFAULT '';
ALTER TABLE "contents" ADD COLUMN "key_label" TEXT NOT NULL DEFAULT '';
ALTER TABLE "content_revisions" ADD COLUMN "key_id" TEXT NOT NULL DEFAULT '';
ALTER TABLE "content_revisions" ADD COLUMN "key_label" TEXT NOT NULL DEFAULT '';
CREATE INDEX "experiences_resource_key_key_id_status_created_at_idx"
    ON "experiences"("resource_key", "key_id", "status", "created_at");

-- The search log records which key searched ('' = anonymous); never a token or an address.
ALTER TABLE "search_logs" ADD COLUMN "key_id" TEXT NOT NULL DEFAULT '';

-- Lookalike detection: the UTS #39 skeleton of a resource's name (after NFKC and case folding),
-- filled by the application (lib/resources) when a resource is created and by `npm run migrate`.
ALTER TABLE "resources" ADD COLUMN "skeleton" TEXT NOT NULL DEFAULT '';
CREATE INDEX "resources_skeleton_idx" ON "resources"("skeleton");

-- One vote per reporter. A reporter is a key (voter 'k:<key id>': its latest published report on the
-- resource counts) or, for a report written without a key, the report itself (voter 'e:<id>').
-- The resource's score_sum, score_1..5 and reporter_count add up resource_votes; experience_count
-- still counts every published report.
ALTER TABLE "resources" ADD COLUMN "reporter_count" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "resource_votes" (
    "resource_key" TEXT NOT NULL,
    "voter" TEXT NOT NULL,
    "score" INTEGER NOT NULL,

    PRIMARY KEY ("resource_key", "voter")
) WITHOUT ROWID;

INSERT INTO "resource_votes" ("resource_key", "voter", "score")
SELECT "resource_key", 'e:' || "id", "score" FROM "experiences" WHERE "status" = 'published';
UPDATE "resources" SET "reporter_count" = "experience_count";

CREATE TRIGGER "resource_votes_ai" AFTER INSERT ON "resource_votes" BEGIN
    UPDATE "resources" SET
        "reporter_count" = "reporter_count" + 1,
        "score_sum" = "score_sum" + NEW."score",
        "score_1" = "score_1" + (NEW."score" = 1),
        "score_2" = "score_2" + (NEW."score" = 2),
        "score_3" = "score_3" + (NEW."score" = 3),
        "score_4" = "score_4" + (NEW."score" = 4),
        "score_5" = "score_5" + (NEW."score" = 5)
    WHERE "key" = NEW."resource_key";
END;

CREATE TRIGGER "resource_votes_ad" AFTER DELETE ON "resource_votes" BEGIN
    UPDATE "resources" SET
        "reporter_count" = "reporter_count" - 1,
        "score_sum" = "score_sum" - OLD."score",
        "score_1" = "score_1" - (OLD."score" = 1),
        "score_2" = "score_2" - (OLD."score" = 2),
        "score_3" = "score_3" - (OLD."score" = 3),
        "score_4" = "score_4" - (OLD."score" = 4),
        "score_5" = "score_5" - (OLD."score" = 5)
    WHERE "key" = OLD."resource_key";
END;

-- The experience triggers now count reports and keep the FTS index; votes carry the scores.
DROP TRIGGER "experiences_ai";
DROP TRIGGER "experiences_ad";
DROP TRIGGER "experiences_au";

CREATE TRIGGER "experiences_ai" AFTER INSERT ON "experiences" WHEN NEW."status" = 'published' BEGIN
    UPDATE "resources" SET
        "experience_count" = "experience_count" + 1,
        "url" = CASE WHEN "url" = '' THEN NEW."url" ELSE "url" END,
        "category" = CASE WHEN "category" = '' THEN NEW."category" ELSE "category" END,
        "first_seen" = min("first_seen", NEW."created_at"),
        "last_seen" = max("last_seen", NEW."created_at")
    WHERE "key" = NEW."resource_key";
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT NEW."resource_key", 'e:' || NEW."id", NEW."score" WHERE NEW."key_id" = '';
    -- A key's vote is its latest published report here: replace whatever it was.
    DELETE FROM "resource_votes"
    WHERE NEW."key_id" <> '' AND "resource_key" = NEW."resource_key" AND "voter" = 'k:' || NEW."key_id";
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT e."resource_key", 'k:' || e."key_id", e."score" FROM "experiences" e
    WHERE NEW."key_id" <> '' AND e."resource_key" = NEW."resource_key" AND e."key_id" = NEW."key_id"
      AND e."status" = 'published'
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
    INSERT INTO "experience_fts" ("rowid", "search_name", "search_task", "search_tips", "search_outcome")
    VALUES (NEW."id", NEW."search_name", NEW."search_task", NEW."search_tips", NEW."search_outcome");
END;

CREATE TRIGGER "experiences_ad" AFTER DELETE ON "experiences" WHEN OLD."status" = 'published' BEGIN
    UPDATE "resources" SET "experience_count" = "experience_count" - 1 WHERE "key" = OLD."resource_key";
    DELETE FROM "resource_votes" WHERE "resource_key" = OLD."resource_key"
      AND "voter" = CASE WHEN OLD."key_id" = '' THEN 'e:' || OLD."id" ELSE 'k:' || OLD."key_id" END;
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT e."resource_key", 'k:' || e."key_id", e."score" FROM "experiences" e
    WHERE OLD."key_id" <> '' AND e."resource_key" = OLD."resource_key" AND e."key_id" = OLD."key_id"
      AND e."status" = 'published'
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
    INSERT INTO "experience_fts" ("experience_fts", "rowid", "search_name", "search_task", "search_tips", "search_outcome")
    VALUES ('delete', OLD."id", OLD."search_name", OLD."search_task", OLD."search_tips", OLD."search_outcome");
END;

-- Every update: the old entry leaves the count and the index before the new one enters (an update
-- can change the status, the resource and the text at once).
CREATE TRIGGER "experiences_au" AFTER UPDATE ON "experiences" BEGIN
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

-- Votes change only when what they depend on changes (a re-analysis rewrites search columns only).
-- Both the old and the new reporter's vote are worked out again from the rows as they are now.
-- SQLite does not promise an order between this trigger and experiences_au, so the new resource
-- row is made here too: a vote must never land on a resource that does not exist yet.
CREATE TRIGGER "experiences_au_votes" AFTER UPDATE OF "status", "resource_key", "score", "key_id", "created_at"
ON "experiences" BEGIN
    INSERT INTO "resources" ("key", "name", "url", "category", "first_seen", "last_seen")
    VALUES (NEW."resource_key", NEW."name", NEW."url", NEW."category", NEW."created_at", NEW."created_at")
    ON CONFLICT ("key") DO NOTHING;
    DELETE FROM "resource_votes" WHERE "resource_key" = OLD."resource_key"
      AND "voter" = CASE WHEN OLD."key_id" = '' THEN 'e:' || OLD."id" ELSE 'k:' || OLD."key_id" END;
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT e."resource_key", 'k:' || e."key_id", e."score" FROM "experiences" e
    WHERE OLD."key_id" <> '' AND e."resource_key" = OLD."resource_key" AND e."key_id" = OLD."key_id"
      AND e."status" = 'published'
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
    DELETE FROM "resource_votes" WHERE "resource_key" = NEW."resource_key"
      AND "voter" = CASE WHEN NEW."key_id" = '' THEN 'e:' || NEW."id" ELSE 'k:' || NEW."key_id" END;
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT NEW."resource_key", 'e:' || NEW."id", NEW."score" WHERE NEW."key_id" = '' AND NEW."status" = 'published';
    INSERT INTO "resource_votes" ("resource_key", "voter", "score")
    SELECT e."resource_key", 'k:' || e."key_id", e."score" FROM "experiences" e
    WHERE NEW."key_id" <> '' AND e."resource_key" = NEW."resource_key" AND e."key_id" = NEW."key_id"
      AND e."status" = 'published'
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
END;

-- A resource's key is its identity (votes, experiences and the URL all name it): renaming it in
-- place would cascade into experiences and double-count their votes. Merges and renames move
-- experiences to another key instead.
CREATE TRIGGER "resources_key_bu" BEFORE UPDATE OF "key" ON "resources" WHEN NEW."key" <> OLD."key" BEGIN
    SELECT RAISE(ABORT, 'resource keys are permanent: move the experiences to another key instead');
END;

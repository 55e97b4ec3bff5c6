-- Search learns from use (#21 item 4; lib/learning/, docs/architecture.md "Learning from use").
--
-- Every search answer carries a search_id, logged with what it answered (search_logs.search_id,
-- confidence, shown_keys: the resource keys shown in order, confident_count: how many of them were
-- confident; results are listed confident first). A report may cite the search it followed
-- (experiences.after_search; not part of its submission hash, never in a public answer). Learning
-- reads the cited writes after commit, judges each against its search's log row and records the
-- judgement in learning_evidence (counts or not, and why), once per write; when enough distinct
-- keys agree on a phrasing and a resource, learned_links holds the link search then answers with.
ALTER TABLE "experiences" ADD COLUMN "after_search" TEXT NOT NULL DEFAULT '';

ALTER TABLE "search_logs" ADD COLUMN "search_id" TEXT NOT NULL DEFAULT '';
ALTER TABLE "search_logs" ADD COLUMN "confidence" TEXT NOT NULL DEFAULT '';
ALTER TABLE "search_logs" ADD COLUMN "shown_keys" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "search_logs" ADD COLUMN "confident_count" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "search_logs_search_id_idx" ON "search_logs"("search_id");

CREATE TABLE "learning_evidence" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    -- 'report' (experiences.id); the lead adds 'confirm' (experience_verdicts) the same way.
    "source" TEXT NOT NULL,
    "source_id" INTEGER NOT NULL,
    "experience_id" INTEGER NOT NULL,
    "key_id" TEXT NOT NULL DEFAULT '',
    "search_id" TEXT NOT NULL,
    "query" TEXT NOT NULL DEFAULT '',
    -- The query's analyzed terms, sorted and distinct, one space apart (the phrasing).
    "terms" TEXT NOT NULL DEFAULT '',
    "resource_key" TEXT NOT NULL,
    "search_confidence" TEXT NOT NULL DEFAULT '',
    "counts" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "learning_evidence_source_key" ON "learning_evidence"("source", "source_id");
CREATE INDEX "learning_evidence_resource_key_idx" ON "learning_evidence"("resource_key");

CREATE TABLE "learned_links" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phrase" TEXT NOT NULL,
    "terms" TEXT NOT NULL,
    "resource_key" TEXT NOT NULL,
    -- JSON array of the experience ids the agreeing keys reported or confirmed.
    "experience_ids" TEXT NOT NULL DEFAULT '[]',
    "key_count" INTEGER NOT NULL DEFAULT 0,
    "evidence_count" INTEGER NOT NULL DEFAULT 0,
    -- active | lapsed (support fell below the threshold) | removed (a maintainer's decision; final)
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" DATETIME,
    "removed_by" TEXT NOT NULL DEFAULT '',
    "removed_reason" TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX "learned_links_terms_resource_key_key" ON "learned_links"("terms", "resource_key");

-- Search answers with the active links: a link made, lapsed or removed moves the generation, so
-- cached answers and each process's loaded links are dropped (lib/search/result-cache.ts).
CREATE TRIGGER "search_generation_learned_link_insert" AFTER INSERT ON "learned_links" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_learned_link_update" AFTER UPDATE ON "learned_links" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_learned_link_delete" AFTER DELETE ON "learned_links" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;

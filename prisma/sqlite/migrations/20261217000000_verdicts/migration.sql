-- Confirmations, flags and freshness (#21, docs/architecture.md "Confirmations, flags and freshness").
--
-- experiences.version: the resource version the report used ('' = not said). Set on insert only.
--
-- experience_verdicts: one verdict per key per experience (the primary key): a second call replaces
-- it. verdict 'confirm' (reason '') or 'flag' (reason stale | incorrect | duplicate | unsafe | spam).
-- status: 'active'; an unsafe or spam flag is 'pending' until a maintainer upholds it ('upheld', the
-- experience is hidden) or dismisses it ('dismissed': it no longer counts, and its key's later
-- flags weigh less).
--
-- experience_standing: what the verdicts add up to per experience, written by the app in the
-- verdict's own transaction (lib/verdicts/refresh-standing.ts), the same on both engines. A separate
-- table so that a verdict never touches the experiences row: the FTS and vote triggers on
-- experiences do not fire, nothing is re-indexed. It moves the search generation (below), so no
-- cached answer outlives a verdict.
ALTER TABLE "experiences" ADD COLUMN "version" TEXT NOT NULL DEFAULT '';

CREATE TABLE "experience_verdicts" (
    "experience_id" INTEGER NOT NULL,
    "key_id" TEXT NOT NULL,
    "key_label" TEXT NOT NULL DEFAULT '',
    "verdict" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',
    "version" TEXT NOT NULL DEFAULT '',
    "duplicate_of" INTEGER,
    "superseded_by" INTEGER,
    "after_search" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY ("experience_id", "key_id"),
    CONSTRAINT "experience_verdicts_experience_id_fkey" FOREIGN KEY ("experience_id") REFERENCES "experiences" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "experience_verdicts_key_id_verdict_status_idx" ON "experience_verdicts"("key_id", "verdict", "status");
CREATE INDEX "experience_verdicts_status_updated_at_idx" ON "experience_verdicts"("status", "updated_at");
-- verdict_citations: every confirmation that cited a search (after_search), appended, never
-- rewritten: a key's verdict is one row that a later call replaces, but each search it confirmed
-- after is evidence for learning (lib/learning/run-learning.ts walks this table by id, as it walks
-- report ids). Ids are given out under the writer lock, so they follow commit order on both engines.
CREATE TABLE "verdict_citations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "experience_id" INTEGER NOT NULL,
    "key_id" TEXT NOT NULL,
    "search_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verdict_citations_experience_id_fkey" FOREIGN KEY ("experience_id") REFERENCES "experiences" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "verdict_citations_experience_id_key_id_idx" ON "verdict_citations"("experience_id", "key_id");

CREATE TABLE "experience_standing" (
    "experience_id" INTEGER NOT NULL PRIMARY KEY,
    "confirmations" INTEGER NOT NULL DEFAULT 0,
    "confirmed_by" TEXT NOT NULL DEFAULT '[]',
    "flags" TEXT NOT NULL DEFAULT '{}',
    "flag_weight" REAL NOT NULL DEFAULT 0,
    "stale_weight" REAL NOT NULL DEFAULT 0,
    "confidence" REAL NOT NULL DEFAULT 0,
    "last_confirmed" DATETIME,
    "latest_version" TEXT NOT NULL DEFAULT '',
    "newer_version" TEXT NOT NULL DEFAULT '',
    "superseded_by" INTEGER,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "experience_standing_experience_id_fkey" FOREIGN KEY ("experience_id") REFERENCES "experiences" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TRIGGER "search_generation_standing_insert" AFTER INSERT ON "experience_standing" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_standing_update" AFTER UPDATE ON "experience_standing" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_standing_delete" AFTER DELETE ON "experience_standing" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;

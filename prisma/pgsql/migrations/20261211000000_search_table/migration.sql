-- A narrow search table (#19 item 6).
--
-- Search read its candidate rows from experiences, whose heap rows are about 1.5 kB wide (the text
-- shown to agents, its analyzed copies, provenance, the vector): a newest-first walk that filters
-- 35,000 rows read them all, 37 ms, against 14 ms over a narrow copy. experience_search holds only
-- the published rows and only what candidate generation reads (lib/search/search-index.ts
-- CandidateRow: id, resource, score, reporter, the analyzed fields) and the vector, with its own GIN
-- index; a category is still taken from resources (a resource's category changes without any write
-- to its experiences). It is written by statement-level triggers on experiences in the same
-- transaction as the rows it copies, so it becomes visible with them and with the search generation
-- they move: searchable in the next request, as before. The vector is copied from the generated
-- column, not computed again. experiences keeps search_vector (the term counts read it from the
-- transition tables) but loses its GIN index, which nothing reads any more.
CREATE TABLE "experience_search" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "resource_key" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    -- Who the report speaks for: 'k:<key id>', or 'e:<id>' for a report without a key (as resource_votes).
    "reporter" TEXT NOT NULL,
    "search_name" TEXT NOT NULL,
    "search_task" TEXT NOT NULL,
    "search_tips" TEXT NOT NULL,
    "search_outcome" TEXT NOT NULL,
    "search_vector" tsvector NOT NULL
);

INSERT INTO "experience_search"
SELECT "id", "resource_key", "score", CASE WHEN "key_id" = '' THEN 'e:' || "id" ELSE 'k:' || "key_id" END,
       "search_name", "search_task", "search_tips", "search_outcome", "search_vector"
FROM "experiences" WHERE "status" = 'published';

CREATE INDEX "experience_search_vector_idx" ON "experience_search" USING GIN ("search_vector");
DROP INDEX "experiences_search_vector_idx";

-- One function for the three statement-level triggers (transition tables need one trigger per
-- event). A row leaves the table when it is deleted or stops being published; a published row is
-- inserted, or updated when something search reads changed (an update of other columns, a view
-- count or a time, writes nothing here).
CREATE FUNCTION "experience_search_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM "experience_search" s USING "old_rows" o WHERE s."id" = o."id";
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM "experience_search" s USING "old_rows" o
        WHERE s."id" = o."id" AND NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."id" = o."id" AND n."status" = 'published');
    END IF;
    INSERT INTO "experience_search" AS s
        ("id", "resource_key", "score", "reporter", "search_name", "search_task", "search_tips", "search_outcome", "search_vector")
    SELECT n."id", n."resource_key", n."score", CASE WHEN n."key_id" = '' THEN 'e:' || n."id" ELSE 'k:' || n."key_id" END,
           n."search_name", n."search_task", n."search_tips", n."search_outcome", n."search_vector"
    FROM "new_rows" n WHERE n."status" = 'published'
    ON CONFLICT ("id") DO UPDATE SET
        "resource_key" = EXCLUDED."resource_key", "score" = EXCLUDED."score", "reporter" = EXCLUDED."reporter",
        "search_name" = EXCLUDED."search_name", "search_task" = EXCLUDED."search_task", "search_tips" = EXCLUDED."search_tips",
        "search_outcome" = EXCLUDED."search_outcome", "search_vector" = EXCLUDED."search_vector"
    WHERE (s."resource_key", s."score", s."reporter", s."search_name", s."search_task", s."search_tips", s."search_outcome")
          IS DISTINCT FROM (EXCLUDED."resource_key", EXCLUDED."score", EXCLUDED."reporter", EXCLUDED."search_name",
                            EXCLUDED."search_task", EXCLUDED."search_tips", EXCLUDED."search_outcome");
    RETURN NULL;
END
$$;
CREATE TRIGGER "experience_search_insert" AFTER INSERT ON "experiences"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_sync"();
CREATE TRIGGER "experience_search_update" AFTER UPDATE ON "experiences"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_sync"();
CREATE TRIGGER "experience_search_delete" AFTER DELETE ON "experiences"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_sync"();

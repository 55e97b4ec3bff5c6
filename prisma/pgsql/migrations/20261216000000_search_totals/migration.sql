-- bm25's totals kept by triggers (#20: a hub of a million reports).
--
-- A ranked OR scores with FTS5's bm25, which needs the number of searchable rows and their total
-- length in tokens (lib/search/search-index-pg.ts). Both were a full scan of experience_search,
-- repeated after every write once the 10 s it was kept had passed: hundreds of ms at 100k, seconds
-- at 1M (a cold server at 1M stalled its first searches for up to 15 s), and every search that
-- arrived meanwhile started its own. Kept here instead, one row moved by each statement that changes
-- experience_search, in the same transaction: reading it is one primary-key lookup, and it is exact
-- at every generation. Writers already take one lock per write (the writer advisory lock), and the
-- row's own lock orders any other.

-- A field's length in tokens, as bm25 counts it: the analyzed text is tokens joined by single spaces.
CREATE FUNCTION "knowhub_token_count"(field text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT cardinality(array_remove(string_to_array(field, ' '), ''))::bigint
$$;

CREATE TABLE "experience_search_totals" (
    "id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1),
    "rows" BIGINT NOT NULL,
    "tokens" BIGINT NOT NULL
);

INSERT INTO "experience_search_totals" ("id", "rows", "tokens")
SELECT 1, count(*), coalesce(sum("knowhub_token_count"("search_name") + "knowhub_token_count"("search_task")
                               + "knowhub_token_count"("search_tips") + "knowhub_token_count"("search_outcome")), 0)
FROM "experience_search";

CREATE FUNCTION "experience_search_totals_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    added_rows bigint := 0;
    added_tokens bigint := 0;
    removed_rows bigint := 0;
    removed_tokens bigint := 0;
BEGIN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        SELECT count(*), coalesce(sum("knowhub_token_count"(n."search_name") + "knowhub_token_count"(n."search_task")
                                    + "knowhub_token_count"(n."search_tips") + "knowhub_token_count"(n."search_outcome")), 0)
        INTO added_rows, added_tokens FROM "new_rows" n;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        SELECT count(*), coalesce(sum("knowhub_token_count"(o."search_name") + "knowhub_token_count"(o."search_task")
                                    + "knowhub_token_count"(o."search_tips") + "knowhub_token_count"(o."search_outcome")), 0)
        INTO removed_rows, removed_tokens FROM "old_rows" o;
    END IF;
    IF added_rows <> 0 OR removed_rows <> 0 THEN
        UPDATE "experience_search_totals"
        SET "rows" = "rows" + added_rows - removed_rows, "tokens" = "tokens" + added_tokens - removed_tokens
        WHERE "id" = 1;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "experience_search_totals_insert" AFTER INSERT ON "experience_search"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_totals_sync"();
CREATE TRIGGER "experience_search_totals_update" AFTER UPDATE ON "experience_search"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_totals_sync"();
CREATE TRIGGER "experience_search_totals_delete" AFTER DELETE ON "experience_search"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_totals_sync"();

-- A change feed of experience_search (#19 item 6: PostgreSQL search within 2x of SQLite's).
--
-- Each server process may keep the search postings in memory (lib/search/search-index-pg-memory.ts):
-- loaded once, then kept current from this table. Every statement that changes experience_search
-- records the ids it touched with the generation of its transaction. The generation row is locked by
-- the first write of a transaction until its commit (search_generation_bump), so generations are
-- handed out in commit order: a server that read the rows of a snapshot whose generation was G has
-- every later change in the rows with gen > G, however transactions interleaved. A server reads
-- those (and the rows they name as they are now) only when the generation it is notified of moved.
--
-- Rows older than 10 minutes are deleted by a later write, at most once per 64 generations, and a
-- row with id 0 (ids start at 1) and the newest generation deleted stands for them: a server that
-- last read an older generation meets it and loads everything again. (Not in search_meta, which
-- backups carry from one hub to another.)
CREATE TABLE "experience_search_changes" (
    "gen" BIGINT NOT NULL,
    "id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "experience_search_changes_gen_idx" ON "experience_search_changes" ("gen");

-- The writing transaction's generation, moved first if this transaction has not moved it yet (the
-- same once-per-transaction rule and NOTIFY as before, now callable from other triggers).
CREATE FUNCTION "search_generation_now"() RETURNS BIGINT
LANGUAGE plpgsql AS $$
DECLARE
    moved TEXT;
BEGIN
    -- A transaction-local setting: reset at commit or rollback (and at a rolled-back savepoint).
    IF current_setting('knowhub.search_generation_moved', true) IS DISTINCT FROM 'on' THEN
        UPDATE "search_meta" SET "value" = ("value"::BIGINT + 1)::TEXT WHERE "key" = 'generation'
        RETURNING "value" INTO moved;
        PERFORM set_config('knowhub.search_generation_moved', 'on', true);
        PERFORM pg_notify('knowhub_search_generation', moved);
    ELSE
        SELECT "value" INTO moved FROM "search_meta" WHERE "key" = 'generation';
    END IF;
    RETURN moved::BIGINT;
END
$$;

CREATE OR REPLACE FUNCTION "search_generation_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "search_generation_now"();
    RETURN NULL;
END
$$;

CREATE FUNCTION "experience_search_changes_record"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    g BIGINT;
    pruned BIGINT;
BEGIN
    -- A statement that changed no row (an update that wrote nothing new) records nothing, and must
    -- not move the generation.
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        IF NOT EXISTS (SELECT 1 FROM "new_rows") THEN RETURN NULL; END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM "old_rows") THEN
        RETURN NULL;
    END IF;
    g := "search_generation_now"();
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "experience_search_changes" ("gen", "id") SELECT g, n."id" FROM "new_rows" n;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO "experience_search_changes" ("gen", "id") SELECT g, o."id" FROM "old_rows" o;
    ELSE
        INSERT INTO "experience_search_changes" ("gen", "id")
        SELECT g, n."id" FROM "new_rows" n UNION SELECT g, o."id" FROM "old_rows" o;
    END IF;
    IF g % 64 = 0 THEN
        WITH gone AS (
            DELETE FROM "experience_search_changes" WHERE "at" < now() - INTERVAL '10 minutes' RETURNING "gen"
        )
        SELECT max("gen") INTO pruned FROM gone;
        IF pruned IS NOT NULL THEN
            INSERT INTO "experience_search_changes" ("gen", "id") VALUES (pruned, 0);
        END IF;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "experience_search_changes_insert" AFTER INSERT ON "experience_search"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_changes_record"();
CREATE TRIGGER "experience_search_changes_update" AFTER UPDATE ON "experience_search"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_changes_record"();
CREATE TRIGGER "experience_search_changes_delete" AFTER DELETE ON "experience_search"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_search_changes_record"();

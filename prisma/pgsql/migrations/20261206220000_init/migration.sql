-- KnowHub on PostgreSQL (#19): one baseline creating the whole schema that the SQLite migrations
-- up to 20261206210000_admin_session_token build, with PL/pgSQL triggers that maintain exactly what
-- the SQLite triggers maintain. Tables mirror prisma/pgsql/schema.prisma (test/schema-engines.test.ts);
-- the search structures and the triggers exist only here. Applied by lib/db-migrate-pg.ts inside
-- one transaction. A later SQLite migration needs its PostgreSQL counterpart in this folder.
--
-- Conventions: times are timestamptz(3); text compares by the database's collation (create the
-- database with a C.UTF-8 locale and it orders by code point, as SQLite's BINARY does); errors the
-- triggers raise use SQLSTATE 23000 (integrity_constraint_violation), the class of SQLite's
-- SQLITE_CONSTRAINT_TRIGGER, so a data layer can map both by code.

-- "Did you mean" for resource names (SQLite: the FTS5 trigram table resource_name_grams).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Tables -------------------------------------------------------------------------------------------

CREATE TABLE "resources" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "category" TEXT NOT NULL DEFAULT '',
    "skeleton" TEXT NOT NULL DEFAULT '',
    "experience_count" INTEGER NOT NULL DEFAULT 0,
    "reporter_count" INTEGER NOT NULL DEFAULT 0,
    "pinned_url" TEXT,
    "pinned_category" TEXT,
    "score_sum" INTEGER NOT NULL DEFAULT 0,
    "score_1" INTEGER NOT NULL DEFAULT 0,
    "score_2" INTEGER NOT NULL DEFAULT 0,
    "score_3" INTEGER NOT NULL DEFAULT 0,
    "score_4" INTEGER NOT NULL DEFAULT 0,
    "score_5" INTEGER NOT NULL DEFAULT 0,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "resources_category_idx" ON "resources"("category");
CREATE INDEX "resources_skeleton_idx" ON "resources"("skeleton");
-- Trigram index for name lookups (name ILIKE '%gram%' and similarity()); kept by PostgreSQL itself.
CREATE INDEX "resources_name_trgm_idx" ON "resources" USING GIN ("name" gin_trgm_ops);

-- The analyzed text is made in JavaScript (lib/text/analyze.ts: NFKC, case folding, stemming,
-- Chinese segmentation) and stored space-separated in search_*; the index must hold exactly those
-- tokens. to_tsvector('simple', ...) re-parses them with PostgreSQL's own word rules, which split
-- some of them ("0e16a92" becomes "0e16" and "a92") and drop letters its locale tables do not know,
-- so the tokens are turned into lexemes verbatim: position n for the n-th token, as to_tsvector
-- would number them. IMMUTABLE: it feeds a generated column.
CREATE FUNCTION "knowhub_tokens_tsvector"(tokens TEXT) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT COALESCE(
        string_agg('''' || replace(replace(t, '\', '\\'), '''', '''''') || ''':' || n, ' '),
        ''
    )::tsvector
    FROM unnest(string_to_array(tokens, ' ')) WITH ORDINALITY AS u(t, n)
    -- A lexeme longer than 2047 bytes cannot be stored; to_tsvector skips those too.
    WHERE t <> '' AND octet_length(t) < 2048
$$;

CREATE TABLE "experiences" (
    "id" SERIAL NOT NULL PRIMARY KEY,
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
    "key_id" TEXT NOT NULL DEFAULT '',
    "key_label" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "findings" TEXT NOT NULL DEFAULT '[]',
    "status_reason" TEXT NOT NULL DEFAULT '',
    "submission_hash" TEXT NOT NULL,
    "search_name" TEXT NOT NULL DEFAULT '',
    "search_task" TEXT NOT NULL DEFAULT '',
    "search_tips" TEXT NOT NULL DEFAULT '',
    "search_outcome" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- The full-text document (SQLite: experience_fts). Weights carry the field for ranking: task A,
    -- name B, tips C, outcome D (SQLite's bm25 weights 4, 3, 1.5, 1 in that order; pass them to
    -- ts_rank as '{1, 1.5, 3, 4}'). Generated, not trigger-kept: no writer, not even a bulk load
    -- that disables triggers, can leave it stale.
    "search_vector" tsvector GENERATED ALWAYS AS (
        setweight("knowhub_tokens_tsvector"("search_name"), 'B') ||
        setweight("knowhub_tokens_tsvector"("search_task"), 'A') ||
        setweight("knowhub_tokens_tsvector"("search_tips"), 'C') ||
        setweight("knowhub_tokens_tsvector"("search_outcome"), 'D')
    ) STORED,
    CONSTRAINT "experiences_resource_key_fkey" FOREIGN KEY ("resource_key") REFERENCES "resources" ("key") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "experiences_submission_hash_key" ON "experiences"("submission_hash");
CREATE INDEX "experiences_resource_key_status_created_at_idx" ON "experiences"("resource_key", "status", "created_at");
CREATE INDEX "experiences_status_created_at_idx" ON "experiences"("status", "created_at");
CREATE INDEX "experiences_resource_key_key_id_status_created_at_idx" ON "experiences"("resource_key", "key_id", "status", "created_at");
CREATE INDEX "experiences_key_id_status_idx" ON "experiences"("key_id", "status");
-- Only published experiences are searchable, as only they enter SQLite's FTS index: queries say
-- "status = 'published'" and get this smaller index.
CREATE INDEX "experiences_search_vector_idx" ON "experiences" USING GIN ("search_vector") WHERE "status" = 'published';

-- Document frequency of each lexeme over published experiences (SQLite: the fts5vocab table
-- experience_vocab): what the query planner reads per query term. Kept by the experience triggers
-- below. ts_stat() would count the same by reading every document on each call.
CREATE TABLE "experience_terms" (
    "term" TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    "doc" INTEGER NOT NULL CHECK ("doc" > 0)
);

-- One vote per reporter (see prisma/sqlite/migrations/20261203000000_trust).
CREATE TABLE "resource_votes" (
    "resource_key" TEXT NOT NULL,
    "voter" TEXT NOT NULL,
    "score" INTEGER NOT NULL,

    PRIMARY KEY ("resource_key", "voter")
);

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "label" TEXT NOT NULL,
    "scope" TEXT NOT NULL CHECK ("scope" IN ('read', 'write', 'moderate')),
    "token_hash" TEXT NOT NULL,
    "trusted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "api_keys_token_hash_key" ON "api_keys"("token_hash");

CREATE TABLE "contents" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "root_id" TEXT NOT NULL,
    "parent_id" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "latest_revision" INTEGER NOT NULL DEFAULT 0,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "skeleton" TEXT NOT NULL DEFAULT '',
    "content_hash" TEXT NOT NULL,
    "submitted_by" TEXT NOT NULL DEFAULT '',
    "key_id" TEXT NOT NULL DEFAULT '',
    "key_label" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "contents_parent_id_sort_order_id_idx" ON "contents"("parent_id", "sort_order", "id");
CREATE INDEX "contents_root_id_idx" ON "contents"("root_id");
CREATE INDEX "contents_skeleton_idx" ON "contents"("skeleton");

CREATE TABLE "content_revisions" (
    "content_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "content_hash" TEXT NOT NULL,
    "submitted_by" TEXT NOT NULL DEFAULT '',
    "key_id" TEXT NOT NULL DEFAULT '',
    "key_label" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "findings" TEXT NOT NULL DEFAULT '[]',
    "status_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("content_id", "revision"),
    CONSTRAINT "content_revisions_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "contents" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "content_revisions_status_idx" ON "content_revisions"("status");

CREATE TABLE "search_logs" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "query" TEXT NOT NULL,
    "category" TEXT NOT NULL DEFAULT '',
    "result_count" INTEGER NOT NULL,
    "abstained" BOOLEAN NOT NULL,
    "latency_ms" DOUBLE PRECISION NOT NULL,
    "key_id" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "search_logs_created_at_idx" ON "search_logs"("created_at");

-- Key "analyzer": the analyzer version that built the search_* columns; key "generation": a counter
-- that moves on writes to what search reads (see the generation trigger below).
CREATE TABLE "search_meta" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL
);
INSERT INTO "search_meta" ("key", "value") VALUES ('generation', '0');

CREATE TABLE "content_misses" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "content_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "content_misses_content_id_idx" ON "content_misses"("content_id");

CREATE TABLE "resource_redirects" (
    "from_key" TEXT NOT NULL PRIMARY KEY,
    "to_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_key_id" TEXT NOT NULL DEFAULT '',
    "actor_label" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "before" TEXT NOT NULL DEFAULT 'null',
    "after" TEXT NOT NULL DEFAULT 'null'
);
CREATE INDEX "audit_log_target_idx" ON "audit_log"("target_type", "target_id");
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");

CREATE TABLE "admin_sessions" (
    "id_hash" TEXT NOT NULL PRIMARY KEY,
    "key_id" TEXT NOT NULL DEFAULT '',
    "key_label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "token_fingerprint" TEXT NOT NULL DEFAULT ''
);

-- Document frequencies -----------------------------------------------------------------------------

-- Moves the counts of experience_terms by one signed delta per term. Statement-level: a statement
-- touching many experiences moves each term once (row by row, one transaction updating the same hot
-- row thousands of times walks an ever longer chain of its versions: 30,000 inserted rows took 42 s
-- instead of 5). Existing rows are locked in one order (by term, C collation), so two writers sharing
-- terms wait for each other instead of deadlocking. A term that no published experience holds any
-- more is deleted, as fts5vocab omits it.
CREATE FUNCTION "knowhub_move_term_counts"(terms TEXT[], deltas INTEGER[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF terms IS NULL OR cardinality(terms) = 0 THEN
        RETURN;
    END IF;
    -- Only counts that go down may delete a row; an insert only adds (the upsert below locks in order).
    IF EXISTS (SELECT 1 FROM unnest(deltas) AS d WHERE d < 0) THEN
        PERFORM 1 FROM "experience_terms" WHERE "term" = ANY (terms) ORDER BY "term" FOR UPDATE;
        DELETE FROM "experience_terms" t USING unnest(terms, deltas) AS u(term, delta)
        WHERE t."term" = u.term AND t."doc" + u.delta <= 0;
        UPDATE "experience_terms" t SET "doc" = t."doc" + u.delta FROM unnest(terms, deltas) AS u(term, delta)
        WHERE t."term" = u.term AND u.delta < 0;
    END IF;
    INSERT INTO "experience_terms" AS t ("term", "doc")
    SELECT u.term, u.delta FROM unnest(terms, deltas) AS u(term, delta) WHERE u.delta > 0 ORDER BY u.term COLLATE "C"
    ON CONFLICT ("term") DO UPDATE SET "doc" = t."doc" + EXCLUDED."doc";
END
$$;

-- What a statement did to the published documents, from its transition tables: an unchanged
-- published row (same id, same vector) counts neither out nor in, so a moderation decision or a
-- re-analysis moves only what it changed.
CREATE FUNCTION "experience_terms_count"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    terms TEXT[];
    deltas INTEGER[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(term ORDER BY term COLLATE "C"), array_agg(n ORDER BY term COLLATE "C") INTO terms, deltas
        FROM (SELECT t AS term, count(*)::INTEGER AS n
              FROM "new_rows" r, unnest(tsvector_to_array(r."search_vector")) AS t
              WHERE r."status" = 'published' GROUP BY t) x;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(term ORDER BY term COLLATE "C"), array_agg(-n ORDER BY term COLLATE "C") INTO terms, deltas
        FROM (SELECT t AS term, count(*)::INTEGER AS n
              FROM "old_rows" r, unnest(tsvector_to_array(r."search_vector")) AS t
              WHERE r."status" = 'published' GROUP BY t) x;
    ELSE
        SELECT array_agg(term ORDER BY term COLLATE "C"), array_agg(n ORDER BY term COLLATE "C") INTO terms, deltas
        FROM (SELECT term, sum(d)::INTEGER AS n FROM (
                  SELECT t AS term, -1 AS d FROM "old_rows" o, unnest(tsvector_to_array(o."search_vector")) AS t
                  WHERE o."status" = 'published' AND NOT EXISTS (
                      SELECT 1 FROM "new_rows" n WHERE n."id" = o."id" AND n."status" = 'published' AND n."search_vector" = o."search_vector")
                  UNION ALL
                  SELECT t, 1 FROM "new_rows" n, unnest(tsvector_to_array(n."search_vector")) AS t
                  WHERE n."status" = 'published' AND NOT EXISTS (
                      SELECT 1 FROM "old_rows" o WHERE o."id" = n."id" AND o."status" = 'published' AND o."search_vector" = n."search_vector")
              ) moves GROUP BY term HAVING sum(d) <> 0) x;
    END IF;
    PERFORM "knowhub_move_term_counts"(terms, deltas);
    RETURN NULL;
END
$$;
-- PostgreSQL allows transition tables only on single-event triggers: one per event.
CREATE TRIGGER "experience_terms_insert" AFTER INSERT ON "experiences"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_terms_count"();
CREATE TRIGGER "experience_terms_update" AFTER UPDATE ON "experiences"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_terms_count"();
CREATE TRIGGER "experience_terms_delete" AFTER DELETE ON "experiences"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "experience_terms_count"();

-- Experiences: resources and votes ---------------------------------------------------------------

-- A resource row exists before its experience (foreign key), first spelling wins the name. SQLite
-- makes the row of a changed resource_key in its AFTER UPDATE triggers; here that would be too late,
-- because PostgreSQL checks the foreign key in a system trigger that fires before ours.
CREATE FUNCTION "experiences_resource_bi"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "resources" ("key", "name", "url", "category", "first_seen", "last_seen")
    VALUES (NEW."resource_key", NEW."name", NEW."url", NEW."category", NEW."created_at", NEW."created_at")
    ON CONFLICT ("key") DO NOTHING;
    RETURN NEW;
END
$$;
CREATE TRIGGER "experiences_resource_bi" BEFORE INSERT OR UPDATE OF "resource_key" ON "experiences"
FOR EACH ROW EXECUTE FUNCTION "experiences_resource_bi"();

-- The vote of one reporter on one resource, worked out again from the rows as they are now: a report
-- without a key is its own reporter ('e:<id>'), a key votes with its latest published report there.
CREATE FUNCTION "knowhub_refresh_vote"(resource TEXT, exp_id INTEGER, exp_key TEXT, exp_score INTEGER, exp_published BOOLEAN)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF exp_key = '' THEN
        DELETE FROM "resource_votes" WHERE "resource_key" = resource AND "voter" = 'e:' || exp_id;
        IF exp_published THEN
            INSERT INTO "resource_votes" ("resource_key", "voter", "score") VALUES (resource, 'e:' || exp_id, exp_score);
        END IF;
    ELSE
        DELETE FROM "resource_votes" WHERE "resource_key" = resource AND "voter" = 'k:' || exp_key;
        INSERT INTO "resource_votes" ("resource_key", "voter", "score")
        SELECT e."resource_key", 'k:' || e."key_id", e."score" FROM "experiences" e
        WHERE e."resource_key" = resource AND e."key_id" = exp_key AND e."status" = 'published'
        ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1;
    END IF;
END
$$;

-- SQLite's experiences_ai, experiences_ad, experiences_au and experiences_au_votes in one function,
-- in their order: the old row leaves the resource's count and its vote, then the new row enters them
-- (their FTS part is the generated search_vector and experience_terms_count here). url and category
-- are filled from the first published report that has one (on insert only); first_seen and
-- last_seen only widen. The vote step runs when a column a vote depends on was changed (SQLite:
-- UPDATE OF those columns; recomputing an unchanged vote is a no-op). Row triggers run at the end of
-- their statement here (SQLite: after each row), so each sees every row the statement wrote; the
-- votes, worked out from the rows as they are, come out the same.
CREATE FUNCTION "experiences_aggregate"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    old_published BOOLEAN := TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'published';
    new_published BOOLEAN := TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'published';
BEGIN
    IF old_published THEN
        UPDATE "resources" SET "experience_count" = "experience_count" - 1 WHERE "key" = OLD."resource_key";
    END IF;
    IF new_published THEN
        UPDATE "resources" SET
            "experience_count" = "experience_count" + 1,
            "url" = CASE WHEN TG_OP = 'INSERT' AND "url" = '' THEN NEW."url" ELSE "url" END,
            "category" = CASE WHEN TG_OP = 'INSERT' AND "category" = '' THEN NEW."category" ELSE "category" END,
            "first_seen" = LEAST("first_seen", NEW."created_at"),
            "last_seen" = GREATEST("last_seen", NEW."created_at")
        WHERE "key" = NEW."resource_key";
    END IF;

    IF TG_OP = 'INSERT' THEN
        IF new_published THEN
            PERFORM "knowhub_refresh_vote"(NEW."resource_key", NEW."id", NEW."key_id", NEW."score", true);
        END IF;
    ELSIF TG_OP = 'DELETE' THEN
        IF old_published THEN
            PERFORM "knowhub_refresh_vote"(OLD."resource_key", OLD."id", OLD."key_id", OLD."score", false);
        END IF;
    ELSIF (OLD."status", OLD."resource_key", OLD."score", OLD."key_id", OLD."created_at")
          IS DISTINCT FROM (NEW."status", NEW."resource_key", NEW."score", NEW."key_id", NEW."created_at") THEN
        PERFORM "knowhub_refresh_vote"(OLD."resource_key", OLD."id", OLD."key_id", OLD."score", false);
        PERFORM "knowhub_refresh_vote"(NEW."resource_key", NEW."id", NEW."key_id", NEW."score", new_published);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "experiences_aggregate" AFTER INSERT OR UPDATE OR DELETE ON "experiences"
FOR EACH ROW EXECUTE FUNCTION "experiences_aggregate"();

-- Votes add up into the resource's score columns (SQLite: resource_votes_ai / resource_votes_ad; as
-- there, votes are inserted and deleted, never updated).
CREATE FUNCTION "resource_votes_aggregate"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    vote "resource_votes";
    direction INTEGER;
BEGIN
    IF TG_OP = 'INSERT' THEN
        vote := NEW;
        direction := 1;
    ELSE
        vote := OLD;
        direction := -1;
    END IF;
    UPDATE "resources" SET
        "reporter_count" = "reporter_count" + direction,
        "score_sum" = "score_sum" + direction * vote."score",
        "score_1" = "score_1" + direction * (vote."score" = 1)::INTEGER,
        "score_2" = "score_2" + direction * (vote."score" = 2)::INTEGER,
        "score_3" = "score_3" + direction * (vote."score" = 3)::INTEGER,
        "score_4" = "score_4" + direction * (vote."score" = 4)::INTEGER,
        "score_5" = "score_5" + direction * (vote."score" = 5)::INTEGER
    WHERE "key" = vote."resource_key";
    RETURN NULL;
END
$$;
CREATE TRIGGER "resource_votes_aggregate" AFTER INSERT OR DELETE ON "resource_votes"
FOR EACH ROW EXECUTE FUNCTION "resource_votes_aggregate"();

-- Resource keys are permanent: votes, experiences and URLs name them. Merges and renames move
-- experiences to another key instead.
CREATE FUNCTION "resources_key_bu"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'resource keys are permanent: move the experiences to another key instead'
        USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER "resources_key_bu" BEFORE UPDATE OF "key" ON "resources"
FOR EACH ROW WHEN (NEW."key" <> OLD."key") EXECUTE FUNCTION "resources_key_bu"();

-- The search generation ------------------------------------------------------------------------------

-- The search answer cache is dropped when this counter moves; it moves on writes to the tables search
-- reads (experiences, resources) and no others. Once per transaction: every write of a transaction
-- becomes visible at its commit together with the new value, so one step tells readers all they need,
-- and a bulk import moves it once (SQLite moves it per row and its bulk import suspends that trigger).
CREATE FUNCTION "search_generation_bump"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- A transaction-local setting: reset at commit or rollback (and at a rolled-back savepoint).
    IF current_setting('knowhub.search_generation_moved', true) IS DISTINCT FROM 'on' THEN
        UPDATE "search_meta" SET "value" = ("value"::BIGINT + 1)::TEXT WHERE "key" = 'generation';
        PERFORM set_config('knowhub.search_generation_moved', 'on', true);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "search_generation_experiences" AFTER INSERT OR UPDATE OR DELETE ON "experiences"
FOR EACH ROW EXECUTE FUNCTION "search_generation_bump"();
CREATE TRIGGER "search_generation_resources" AFTER INSERT OR UPDATE OR DELETE ON "resources"
FOR EACH ROW EXECUTE FUNCTION "search_generation_bump"();

-- The audit log is append-only ---------------------------------------------------------------------

CREATE FUNCTION "audit_log_refuse"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER "audit_log_bu" BEFORE UPDATE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse"();
CREATE TRIGGER "audit_log_bd" BEFORE DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse"();
-- TRUNCATE skips row triggers; SQLite has no TRUNCATE to refuse.
CREATE TRIGGER "audit_log_bt" BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse"();

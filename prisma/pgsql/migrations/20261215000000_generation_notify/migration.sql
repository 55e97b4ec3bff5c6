-- The search generation is announced (#19, #20): search_generation_bump() NOTIFYs the channel
-- knowhub_search_generation with the new value. PostgreSQL delivers a notification at commit, to
-- every listening session, and never that of a transaction (or savepoint) rolled back, so each
-- server's search keeps the generation in memory (lib/search/search-index-pg.ts, one listening
-- connection per process) instead of reading it once per search, and another server's write drops
-- its answer cache within milliseconds. Same counter, same once-per-transaction rule as before.
CREATE OR REPLACE FUNCTION "search_generation_bump"() RETURNS trigger
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
    END IF;
    RETURN NULL;
END
$$;

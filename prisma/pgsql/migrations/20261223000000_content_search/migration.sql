-- Content found by search (#22 item 2): SQLite's 20261223000000_content_search, which says why.
-- Plain tables and row triggers that only take stale rows away; the app writes the rows.
CREATE TABLE "content_search" (
    "content_id" TEXT NOT NULL PRIMARY KEY,
    "resource_key" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "analyzer" TEXT NOT NULL,
    "search_path" TEXT NOT NULL DEFAULT '',
    "search_title" TEXT NOT NULL DEFAULT '',
    "search_body" TEXT NOT NULL DEFAULT ''
);
CREATE INDEX "content_search_resource_key_idx" ON "content_search"("resource_key");

CREATE TABLE "content_terms" (
    "term" TEXT NOT NULL,
    "content_id" TEXT NOT NULL,
    PRIMARY KEY ("term", "content_id")
);
CREATE INDEX "content_terms_content_id_idx" ON "content_terms"("content_id");

CREATE FUNCTION "content_search_stale"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW."revision" IS DISTINCT FROM OLD."revision" OR NEW."title" IS DISTINCT FROM OLD."title"
       OR NEW."body" IS DISTINCT FROM OLD."body" OR NEW."root_id" IS DISTINCT FROM OLD."root_id" THEN
        DELETE FROM "content_search" WHERE "content_id" = OLD."id";
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "content_search_stale" AFTER UPDATE OR DELETE ON "contents"
FOR EACH ROW EXECUTE FUNCTION "content_search_stale"();

CREATE FUNCTION "content_terms_gone"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM "content_terms" WHERE "content_id" = OLD."content_id";
    RETURN NULL;
END
$$;
CREATE TRIGGER "content_terms_gone" AFTER DELETE ON "content_search"
FOR EACH ROW EXECUTE FUNCTION "content_terms_gone"();

-- What search finds moved: once per transaction, announced to every server (search_generation_bump).
CREATE TRIGGER "search_generation_content" AFTER INSERT OR DELETE ON "content_search"
FOR EACH ROW EXECUTE FUNCTION "search_generation_bump"();

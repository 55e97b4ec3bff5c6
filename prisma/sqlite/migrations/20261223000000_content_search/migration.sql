-- Content found by search (#22 item 2). Each visible content node (its latest published revision)
-- is analyzed by the app's own analyzer (lib/text/analyze.ts: stemming, stop words, Chinese
-- segmentation), as experiences are: content_search holds the analyzed id path, title and body
-- (scored by lib/search/search-content.ts) and content_terms one row per distinct term and node
-- (the inverted index candidates are read from). Plain tables, the same on both engines, so both
-- give the same hits. Analysis runs in JavaScript, which a trigger cannot call: the app writes the
-- rows (lib/contents/index-content.ts) when a revision is shown, and fills missing ones at start,
-- after an import and after a restore. The triggers below only take rows away: any change to a
-- node's shown revision, by any writer, removes its stale row before anyone can find it, so held,
-- rejected and hidden text is never found, whoever wrote the change.
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

CREATE TRIGGER "content_search_stale" AFTER UPDATE OF "title", "body", "revision", "root_id" ON "contents"
WHEN OLD."revision" IS NOT NEW."revision" OR OLD."title" IS NOT NEW."title" OR OLD."body" IS NOT NEW."body"
  OR OLD."root_id" IS NOT NEW."root_id"
BEGIN
  DELETE FROM "content_search" WHERE "content_id" = OLD."id";
END;
CREATE TRIGGER "content_search_gone" AFTER DELETE ON "contents" BEGIN
  DELETE FROM "content_search" WHERE "content_id" = OLD."id";
END;
CREATE TRIGGER "content_terms_gone" AFTER DELETE ON "content_search" BEGIN
  DELETE FROM "content_terms" WHERE "content_id" = OLD."content_id";
END;

-- What search finds moved: cached answers (lib/search/result-cache.ts) are dropped.
CREATE TRIGGER "search_generation_content_insert" AFTER INSERT ON "content_search" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;
CREATE TRIGGER "search_generation_content_delete" AFTER DELETE ON "content_search" BEGIN
  UPDATE "search_meta" SET "value" = CAST("value" AS INTEGER) + 1 WHERE "key" = 'generation';
END;

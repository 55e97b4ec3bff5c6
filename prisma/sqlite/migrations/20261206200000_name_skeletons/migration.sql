-- Lookalike names, second version: a skeleton now also drops spacing, hyphens, underscores and dots
-- ("Vote-Target", "Vote_Target", "Vote Target" and "VoteTarget." have the skeleton of "VoteTarget";
-- lib/text/skeleton.ts). Skeletons stored by the old rule would miss these, and SQL cannot compute a
-- TR39 skeleton: every stored one is emptied here, and the application fills them again ('' means
-- "not computed": the first lookalike check does it, and so does `npm run migrate`).
UPDATE "resources" SET "skeleton" = '' WHERE "skeleton" <> '';

-- Content ids get the same check ("pymupdf/find_tables" or "pymupdf/find-tables-fork" next to
-- "pymupdf/find-tables"): the skeleton of each segment of the id, joined by "/", filled the same way.
ALTER TABLE "contents" ADD COLUMN "skeleton" TEXT NOT NULL DEFAULT '';
CREATE INDEX "contents_skeleton_idx" ON "contents"("skeleton");

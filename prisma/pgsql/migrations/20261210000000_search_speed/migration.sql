-- Search speed on PostgreSQL (#19 item 6).
--
-- Phrases without field weights. A phrase must stand within one field, as in FTS5, and the fields'
-- vectors are concatenated; queries restricted each phrase to one field by spelling it once per
-- weight ('a':A <-> 'b':A | 'a':B <-> 'b':B | ...). GIN keeps one entry per lexeme and weight it is
-- asked for, so such a query read every posting list four times and evaluated a tree four times the
-- size on every candidate row: a bitmap scan of a long query took 34 ms in the index alone, 5.7 ms
-- spelled once. Here each field's positions start one further on (the tokens function numbers the
-- leading empty token and skips it), so two fields are never adjacent and an unweighted phrase
-- 'a' <-> 'b' can only match within one. The weights stay for ts_rank. Lexemes are unchanged, so
-- experience_terms is too; the column is dropped and added again (a generated expression cannot be
-- altered on PostgreSQL 15), which rebuilds it and its index.
ALTER TABLE "experiences" DROP COLUMN "search_vector";
ALTER TABLE "experiences" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight("knowhub_tokens_tsvector"(' ' || "search_name"), 'B') ||
    setweight("knowhub_tokens_tsvector"(' ' || "search_task"), 'A') ||
    setweight("knowhub_tokens_tsvector"(' ' || "search_tips"), 'C') ||
    setweight("knowhub_tokens_tsvector"(' ' || "search_outcome"), 'D')
) STORED;
CREATE INDEX "experiences_search_vector_idx" ON "experiences" USING GIN ("search_vector") WHERE "status" = 'published';

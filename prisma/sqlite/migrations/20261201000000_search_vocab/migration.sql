-- Document frequencies of index terms, read by the search query planner (lib/search/plan.ts) to
-- run the rare terms first and keep common ones out of the costly OR. A virtual table over the
-- experience_fts index itself: nothing to keep in sync, no row in schema.prisma.
CREATE VIRTUAL TABLE "experience_vocab" USING fts5vocab("experience_fts", 'row');

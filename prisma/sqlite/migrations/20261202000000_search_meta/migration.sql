-- Facts about the search index as a whole. Key "analyzer": the version of the text analysis
-- (ANALYZER_VERSION in lib/search/analyze.ts) that produced the experiences' search_* columns.
-- When the code's version differs, `npm start` and `npm run import` analyze the rows again
-- (lib/search/reanalyze.ts), so that an upgraded hub never searches text cut by an older analyzer.
CREATE TABLE "search_meta" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL
);

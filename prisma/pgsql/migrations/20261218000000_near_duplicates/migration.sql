-- Near-duplicate reports (#21): each experience carries the signature of its analyzed task and tips
-- (lib/text/near-duplicate.ts: "version:task:tips", bottom-k MinHash hashes of the terms, each
-- mapped to its lexicon concept). Computed in TypeScript when a report is written (the API and the
-- import), so both engines store and compare the same values. A submit compares the signatures of
-- the published reports of its resource (found by the existing resource_key/status index): no index
-- of its own. Rows written before this migration have '' and are filled by `npm start`
-- (scripts/migrate.ts, lib/experiences/fill-near-signatures.ts); until then, and for a signature of
-- an older version, the check computes it from the stored search_task and search_tips.
ALTER TABLE "experiences" ADD COLUMN "near_signature" TEXT NOT NULL DEFAULT '';

// The throwaway PostgreSQL cluster lives in scripts/lib/pg-cluster.ts, shared with `npm run eval --
// --engine postgres` (which starts one itself when no server is given); the tests import it from here.
export * from "../scripts/lib/pg-cluster";

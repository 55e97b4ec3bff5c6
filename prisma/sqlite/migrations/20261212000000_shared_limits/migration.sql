-- Stateless servers (#20): what every server process of one hub must agree on.
--
-- hub_secrets: secrets the hub makes for itself, one row each, created on first use by whichever
-- process needs it first (lib/limits/repo.ts) and read once per process. 'address_hmac' keys the
-- HMAC that turns a caller's address into its rate-limit id (lib/limits/client-address.ts): with a
-- secret per process, two servers (or two workers) saw one address as two callers, two buckets.
-- Never exported (npm run export writes experiences and content revisions only), never shown.
--
-- The rate-limit buckets themselves are not here: on SQLite they stay in memory, in the one server
-- process, or in scripts/serve.mjs's primary for its workers (PostgreSQL keeps them in a table).
CREATE TABLE "hub_secrets" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

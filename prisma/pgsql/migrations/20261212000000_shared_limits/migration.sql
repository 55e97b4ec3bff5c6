-- Stateless servers (#20): what every server process of one hub must agree on.
--
-- hub_secrets: as on SQLite (20261212000000_shared_limits there): secrets the hub makes for itself,
-- 'address_hmac' keying the address ids of rate limits, so that one address is one caller on every
-- server. Never exported, never shown.
CREATE TABLE "hub_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_secrets_pkey" PRIMARY KEY ("name")
);

-- rate_buckets: one token bucket per action and caller, shared by every server on this database
-- (lib/limits/pg-buckets.ts). Each hit is one INSERT ... ON CONFLICT DO UPDATE that refills and
-- takes in SQL on PostgreSQL's clock (clock_timestamp(): one clock for every server, whatever their
-- own clocks say), under the row's lock, so concurrent hits from any number of servers neither lose
-- an update nor pass the limit; it never takes the writers' advisory lock.
-- UNLOGGED: a hit is a write on every request, and this table does not need to survive a crash (an
-- unlogged table is emptied by crash recovery: every caller gets a full bucket, which is what an
-- idle caller has anyway), so its writes skip the WAL. Not replicated to standbys either: a hub
-- that fails over starts with full buckets. Rows idle for a whole window are full again and are
-- deleted in the background: a full bucket is the same as no bucket.
-- granted: whether the last hit took a token (the statement's RETURNING reads it: the tokens left
-- alone cannot tell a take that left 0.5 from a refusal at 0.5).
CREATE UNLOGGED TABLE "rate_buckets" (
    "action" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "at" TIMESTAMPTZ NOT NULL,
    "granted" BOOLEAN NOT NULL,

    CONSTRAINT "rate_buckets_pkey" PRIMARY KEY ("action", "caller")
);

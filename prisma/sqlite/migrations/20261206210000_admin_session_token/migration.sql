-- A console session opened with the bootstrap admin token is tied to that token: rotating
-- KNOWHUB_ADMIN_TOKEN (or the file KNOWHUB_ADMIN_TOKEN_FILE names) ends it at its next request.
-- Stored is a fingerprint, never the token: HMAC-SHA256 of the token keyed by the session id, which
-- is itself never stored (lib/admin/session-id.ts), so a copy of the database cannot even test
-- guesses of the token against it. '' for sessions opened with a key (revoking the key ends those)
-- and for sessions opened before this column existed, which therefore end: what opened them is unknown.
ALTER TABLE "admin_sessions" ADD COLUMN "token_fingerprint" TEXT NOT NULL DEFAULT '';

-- Who asked, for the console's insights to count people rather than page loads: the key ('k:' +
-- its id) or, without one, a daily id of the caller's address ('d:' + 16 hex digits of a hash of the
-- address's keyed id and the day, so the same caller cannot be followed from one day to the next);
-- '' when neither is known. Never a token or an address. Searches logged before this carry their key.
ALTER TABLE "search_logs" ADD COLUMN "client_id" TEXT NOT NULL DEFAULT '';
UPDATE "search_logs" SET "client_id" = 'k:' || "key_id" WHERE "key_id" <> '';
ALTER TABLE "content_misses" ADD COLUMN "client_id" TEXT NOT NULL DEFAULT '';

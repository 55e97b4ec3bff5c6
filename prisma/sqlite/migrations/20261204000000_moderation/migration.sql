-- Moderation: statuses and screening findings on experiences and content revisions, locked content
-- nodes, resource pins and redirects, an append-only audit log and the console's sessions.

-- Experiences: status is 'published' | 'pending' | 'rejected' | 'hidden' (only 'published' is
-- indexed, counted and shown: the triggers already follow it). findings: the screening findings
-- (JSON array) that held it; status_reason: why it is in its status, for the writer and the queue.
ALTER TABLE "experiences" ADD COLUMN "findings" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "experiences" ADD COLUMN "status_reason" TEXT NOT NULL DEFAULT '';
CREATE INDEX "experiences_key_id_status_idx" ON "experiences"("key_id", "status");

-- Content revisions get the same statuses. The contents row shows the node's visible revision
-- (the latest published one): `revision` is that revision's number, 0 while none is visible (the
-- node is then absent for the public); `latest_revision` numbers every revision ever submitted.
ALTER TABLE "content_revisions" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "content_revisions" ADD COLUMN "findings" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "content_revisions" ADD COLUMN "status_reason" TEXT NOT NULL DEFAULT '';
CREATE INDEX "content_revisions_status_idx" ON "content_revisions"("status");
ALTER TABLE "contents" ADD COLUMN "latest_revision" INTEGER NOT NULL DEFAULT 0;
UPDATE "contents" SET "latest_revision" = "revision";
-- A locked node takes revisions only from moderate keys.
ALTER TABLE "contents" ADD COLUMN "locked" BOOLEAN NOT NULL DEFAULT false;

-- Resources: what a maintainer pinned (NULL = follow the reporters), and where old names point
-- after a rename or a merge.
ALTER TABLE "resources" ADD COLUMN "pinned_url" TEXT;
ALTER TABLE "resources" ADD COLUMN "pinned_category" TEXT;
CREATE TABLE "resource_redirects" (
    "from_key" TEXT NOT NULL PRIMARY KEY,
    "to_key" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Every decision, pin, merge, lock, revert and key change: who, when, what, why, before and after.
-- Append-only: the triggers below refuse any UPDATE or DELETE, whoever asks.
CREATE TABLE "audit_log" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_key_id" TEXT NOT NULL DEFAULT '',
    "actor_label" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "before" TEXT NOT NULL DEFAULT 'null',
    "after" TEXT NOT NULL DEFAULT 'null'
);
CREATE INDEX "audit_log_target_idx" ON "audit_log"("target_type", "target_id");
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");
CREATE TRIGGER "audit_log_bu" BEFORE UPDATE ON "audit_log" BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER "audit_log_bd" BEFORE DELETE ON "audit_log" BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

-- Console sessions: only the SHA-256 of the session cookie is stored. key_id '' = the bootstrap
-- admin token (KNOWHUB_ADMIN_TOKEN).
CREATE TABLE "admin_sessions" (
    "id_hash" TEXT NOT NULL PRIMARY KEY,
    "key_id" TEXT NOT NULL DEFAULT '',
    "key_label" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" DATETIME NOT NULL,
    "revoked_at" DATETIME
);

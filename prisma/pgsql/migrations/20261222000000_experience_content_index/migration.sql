-- A content page lists the published reports that name it in content_id, across every resource
-- (lib/experiences/list-citing-reports.ts): an index, so that read stays a lookup however many
-- reports the hub holds.
CREATE INDEX "experiences_content_id_status_created_at_idx" ON "experiences"("content_id", "status", "created_at");

-- A one-line description of the resource, written by a maintainer (audit-logged); empty: the pages
-- derive one from what its reports were used for.
ALTER TABLE "resources" ADD COLUMN "description" TEXT NOT NULL DEFAULT '';

import { fromDbTime } from "../db-time";
import { DomainError } from "../errors";
import { findContent, listRevisions } from "./repo";
import type { ContentAdminDto } from "./schema";
import { toAdminRevisionDto } from "./serialize";

/**
 * A node as maintainers see it: its lock, which revision the public sees, and every revision
 * whatever its status, with the screening findings and reasons. Unlike the public read, a node
 * without a visible revision is found here, and a miss is not logged as demand.
 */
export async function getContentAdmin(id: string): Promise<ContentAdminDto> {
  const node = await findContent(id);
  if (!node) throw new DomainError("not_found", `No content with id "${id}".`, { id });
  return {
    id: node.id,
    title: node.title,
    locked: Boolean(Number(node.locked)),
    visible_revision: Number(node.revision),
    latest_revision: Number(node.latestRevision),
    created_at: fromDbTime(node.createdAt),
    updated_at: fromDbTime(node.updatedAt),
    revisions: (await listRevisions(id)).map(toAdminRevisionDto),
  };
}

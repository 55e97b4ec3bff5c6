import { DomainError } from "../errors";
import { fromDbTime } from "../db-time";
import { recordContentMiss } from "../demand-log/record-content-miss";
import { closestNames } from "../similar-names";
import { rootOf } from "./content-id";
import {
  findContentLink,
  findPublishedRevision,
  findSiblings,
  findVisibleContent,
  listChildren,
  listIdsUnder,
  listPublishedRevisions,
  type ContentRow,
} from "./repo";
import type { ContentDto, ContentHistoryDto } from "./schema";
import { toRevisionDto } from "./serialize";
import { toProvenance } from "../keys/provenance";

const SUGGESTION_POOL = 5_000;

// Public reads: only published revisions exist here. A node without one (revision 0: held, rejected or
// hidden) answers 404 like a node never written, and its neighbours' navigation skips it.

/**
 * A node (or one of its older published revisions) with its place in the tree computed by the
 * server. `client`: who asked (lib/demand-log/client-id.ts), recorded with a miss.
 */
export async function getContent(id: string, revision: number | null = null, client = ""): Promise<ContentDto> {
  const current = await requireContent(id, client);
  let shown = { title: current.title, body: current.body, sortOrder: current.sortOrder, revision: current.revision,
    contentHash: current.contentHash, submittedBy: current.submittedBy, keyId: current.keyId, keyLabel: current.keyLabel,
    updatedAt: current.updatedAt };
  if (revision !== null && revision !== current.revision) {
    const old = await findPublishedRevision(id, revision);
    if (!old) {
      // Held, rejected and hidden revisions are said not to exist, as for a number never used.
      throw new DomainError("not_found", `Content "${id}" has no revision ${revision}; its latest revision is ${current.revision}.`, {
        id,
        revision,
        latest_revision: current.revision,
      });
    }
    shown = { title: old.title, body: old.body, sortOrder: old.sortOrder, revision: old.revision,
      contentHash: old.contentHash, submittedBy: old.submittedBy, keyId: old.keyId, keyLabel: old.keyLabel,
      updatedAt: old.createdAt };
  }
  const root = await findContentLink(current.rootId);
  const siblings = current.parentId === "" ? { prev: null, next: null } : await findSiblings(current);
  return {
    id: current.id,
    title: shown.title,
    body: shown.body,
    sort_order: Number(shown.sortOrder),
    revision: Number(shown.revision),
    // The visible revision is the latest published one: the newest a reader can open.
    latest_revision: Number(current.revision),
    content_hash: shown.contentHash,
    submitted_by: shown.submittedBy,
    ...toProvenance(shown),
    created_at: fromDbTime(current.createdAt),
    updated_at: fromDbTime(shown.updatedAt),
    toc: root,
    parent: current.parentId ? await findContentLink(current.parentId) : null,
    children: await listChildren(current.id),
    prev: siblings.prev,
    next: siblings.next,
  };
}

export async function getContentHistory(id: string, client = ""): Promise<ContentHistoryDto> {
  const current = await requireContent(id, client);
  return { id, latest_revision: Number(current.revision), revisions: (await listPublishedRevisions(id)).map(toRevisionDto) };
}

async function requireContent(id: string, client: string): Promise<ContentRow> {
  const row = await findVisibleContent(id);
  if (row) return row;
  // A miss is a demand signal: somebody wanted deeper content here.
  await recordContentMiss(id, client);
  const root = rootOf(id);
  const pool = await listIdsUnder(root, SUGGESTION_POOL);
  const closest = closestNames(id, pool.length > 0 ? pool : await listIdsUnder(null, SUGGESTION_POOL));
  throw new DomainError("not_found", `No content with id "${id}". Submit it with POST /api/content once you have it.`, {
    id,
    closest,
  });
}

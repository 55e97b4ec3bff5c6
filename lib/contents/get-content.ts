import { DomainError } from "../errors";
import { fromDbTime } from "../db-time";
import { recordContentMiss } from "../demand-log/record-content-miss";
import { closestNames } from "../similar-names";
import { findReadingNeighbours, findTreePath, type TreeNode } from "./content-tree";
import { rootOf } from "./content-id";
import { readContentTree } from "./get-content-tree";
import {
  findPublishedRevision,
  findVisibleContent,
  listChildren,
  listContentLinks,
  listIdsUnder,
  listPublishedRevisionSummaries,
  type ContentRow,
} from "./repo";
import type { ContentDto, ContentHistoryDto, ContentLinkDto, ContentRevisionDto } from "./schema";
import { toRevisionDto } from "./serialize";
import { toProvenance } from "../keys/provenance";

const SUGGESTION_POOL = 5_000;

// Public reads: only published revisions exist here. A node without one (revision 0: held, rejected or
// hidden) answers 404 like a node never written, and its neighbours' navigation skips it.

/** One step of a page's breadcrumb: an ancestor's id and title, or null for a segment with no visible page. */
export type ContentAncestor = { id: string; title: string | null };

/** A node as its page shows it: the DTO, the root's tree (null while the root has no visible revision), the ancestors root first. */
export type ContentPlace = { content: ContentDto; tree: TreeNode | null; capped: boolean; ancestors: ContentAncestor[] };

/**
 * A node (or one of its older published revisions) with its place in the tree computed by the
 * server. `client`: who asked (lib/demand-log/client-id.ts), recorded with a miss.
 */
export async function getContent(id: string, revision: number | null = null, client = ""): Promise<ContentDto> {
  return (await getContentPlace(id, revision, client)).content;
}

/**
 * The node and where it sits, in a fixed handful of queries whatever the depth: the node, its root's
 * tree (one query, lib/contents/get-content-tree.ts), and only when that tree was cut at its cap the
 * ancestors' titles and the children (one query each). prev/next follow reading order over the tree.
 */
export async function getContentPlace(id: string, revision: number | null = null, client = ""): Promise<ContentPlace> {
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
  const { root, capped } = await readContentTree(current.rootId);
  const node = root ? findTreePath(root, id) : null;
  const visibleRoot = root && !root.stub ? root : null;
  // Within the cap the tree holds every visible ancestor and child; past it (or for a node whose root
  // has no visible revision) they are read apart, one query each.
  const ancestorIds = ancestorsOf(id);
  const known = new Map((node ?? []).filter((n) => !n.stub).map((n) => [n.id, n.title] as const));
  if (capped || !node) for (const link of await listContentLinks(ancestorIds)) known.set(link.id, link.title);
  const children: ContentLinkDto[] =
    node && !capped ? node[node.length - 1].children.map(toLink) : await listChildren(id);
  const link = (at: string | undefined): ContentLinkDto | null => (at !== undefined && known.has(at) ? { id: at, title: known.get(at)! } : null);
  const neighbours = root ? findReadingNeighbours(root, id) : { prev: null, next: null };
  const content: ContentDto = {
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
    toc: visibleRoot ? toLink(visibleRoot) : null,
    parent: link(ancestorIds[ancestorIds.length - 1]),
    children,
    prev: neighbours.prev,
    next: neighbours.next,
  };
  return { content, tree: visibleRoot, capped, ancestors: ancestorIds.map((a) => ({ id: a, title: known.get(a) ?? null })) };
}

export async function getContentHistory(id: string, client = ""): Promise<ContentHistoryDto> {
  const current = await requireContent(id, client);
  return { id, latest_revision: Number(current.revision), revisions: await listContentRevisions(id) };
}

/** A node's published revisions, oldest first, without bodies (the page's history; the node is known to exist). */
export async function listContentRevisions(id: string): Promise<ContentRevisionDto[]> {
  return (await listPublishedRevisionSummaries(id)).map(toRevisionDto);
}

/** `a/b/c` -> [`a`, `a/b`]: every id above this one, the root first. */
function ancestorsOf(id: string): string[] {
  const segments = id.split("/");
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join("/"));
}

const toLink = (n: { id: string; title: string }): ContentLinkDto => ({ id: n.id, title: n.title });

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

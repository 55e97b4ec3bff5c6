// The navigation tree of one content root, read in one query at any depth (listTreeNodes) and
// shown folded: the pages a reader stands on are open, every other branch shows only its own link
// and how many pages it holds. Only visible nodes (with a published revision) appear.
import { buildContentTree, findTreePath, type TreeNode } from "./content-tree";
import { listTreeNodes } from "./repo";
import type { ContentLinkDto } from "./schema";

/**
 * A root with more visible nodes than this is read only this far (the shallowest ones, whole levels
 * first): every page of it would otherwise carry its whole tree through memory. The page says so.
 */
export const MAX_TREE_NODES = 2_000;
/** An open node lists this many children at most (plus the one on the reader's path); its page lists them all. */
export const MAX_LISTED_CHILDREN = 200;

/** `folded`: how many of the node's children are not listed under it (all of them when it is closed). */
export type ContentTreeNodeDto = ContentLinkDto & { children: ContentTreeNodeDto[]; folded: number };

export type ContentTreeRead = { root: TreeNode | null; capped: boolean };

/** The root's visible tree, and whether it was cut at MAX_TREE_NODES. One query. */
export async function readContentTree(rootId: string, max = MAX_TREE_NODES): Promise<ContentTreeRead> {
  const rows = await listTreeNodes(rootId, max + 1);
  const capped = rows.length > max;
  return { root: buildContentTree(rootId, capped ? rows.slice(0, max) : rows), capped };
}

/**
 * The tree as a page shows it: open along the path to `currentId` (the root, each ancestor and the
 * page itself list their children), and open `depth` levels below the root everywhere.
 */
export function foldContentTree(root: TreeNode, currentId: string | null, depth = 0): ContentTreeNodeDto {
  const path = new Set((currentId ? findTreePath(root, currentId) : null)?.map((n) => n.id) ?? [root.id]);
  const fold = (node: TreeNode, level: number): ContentTreeNodeDto => {
    const open = path.has(node.id) || level < depth;
    if (!open) return { id: node.id, title: node.title, children: [], folded: node.children.length };
    const listed = node.children.filter((c, i) => i < MAX_LISTED_CHILDREN || path.has(c.id));
    return { id: node.id, title: node.title, children: listed.map((c) => fold(c, level + 1)), folded: node.children.length - listed.length };
  };
  return fold(root, 0);
}

/** The root, its children and their children (the resource page's overview of a tree). */
export async function getContentTree(rootId: string): Promise<ContentTreeNodeDto | null> {
  const { root } = await readContentTree(rootId);
  return root && !root.stub ? foldContentTree(root, null, 2) : null;
}

// A content root's tree, built in memory from one flat read of its visible nodes (listTreeNodes),
// so that any depth costs the same single query. Pure: no database here.
//
// Reading order is depth-first pre-order (a page, then its children in order, then its next
// sibling), children sorted by (sort_order, id) with ids compared by code unit, so both engines give
// the same order whatever PostgreSQL's collation is.
import { parentOf } from "./content-id";

export type TreeRow = { id: string; parentId: string; title: string; sortOrder: number };
/** `stub`: a root with no visible revision, kept only to hold its visible pages together (never shown, never a neighbour). */
export type TreeNode = { id: string; title: string; sortOrder: number; children: TreeNode[]; stub?: true };
export type TreeLink = { id: string; title: string };

export function compareSiblings(a: { sortOrder: number; id: string }, b: { sortOrder: number; id: string }): number {
  return a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The tree under `rootId` from its visible rows (the root's own row among them), or null when there
 * are none. A node whose parent is not visible (held, hidden or never written) hangs under its
 * nearest visible ancestor, so that no published page drops out of the reading order; a root that is
 * not visible itself is a stub that holds the rest.
 */
export function buildContentTree(rootId: string, rows: TreeRow[]): TreeNode | null {
  if (rows.length === 0) return null;
  const nodes = new Map<string, TreeNode>();
  for (const row of rows) nodes.set(row.id, { id: row.id, title: row.title, sortOrder: Number(row.sortOrder), children: [] });
  let root = nodes.get(rootId);
  if (!root) {
    root = { id: rootId, title: "", sortOrder: 0, children: [], stub: true };
    nodes.set(rootId, root);
  }
  for (const node of nodes.values()) {
    if (node === root) continue;
    let up = parentOf(node.id);
    while (up !== "" && !nodes.has(up)) up = parentOf(up);
    nodes.get(up)?.children.push(node);
  }
  for (const node of nodes.values()) node.children.sort(compareSiblings);
  return root;
}

/** Every node of the tree in reading order (depth-first pre-order). Iterative: depth is bounded, but a wide tree is not. */
export function listReadingOrder(root: TreeNode): TreeNode[] {
  const order: TreeNode[] = [];
  const stack: TreeNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    order.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return order;
}

/** The pages before and after `id` in reading order: the root has no prev, the last page no next. */
export function findReadingNeighbours(root: TreeNode, id: string): { prev: TreeLink | null; next: TreeLink | null } {
  const order = listReadingOrder(root).filter((n) => !n.stub);
  const at = order.findIndex((n) => n.id === id);
  if (at < 0) return { prev: null, next: null };
  const link = (n: TreeNode | undefined) => (n ? { id: n.id, title: n.title } : null);
  return { prev: link(order[at - 1]), next: link(order[at + 1]) };
}

/** The nodes from the root down to `id` (both included), or null when `id` is not in the tree. */
export function findTreePath(root: TreeNode, id: string): TreeNode[] | null {
  const path: TreeNode[] = [root];
  let node = root;
  while (node.id !== id) {
    // Children hang under their nearest visible ancestor, whose id is always a prefix of theirs.
    const next = node.children.find((c) => id === c.id || id.startsWith(`${c.id}/`));
    if (!next) return null;
    path.push(next);
    node = next;
  }
  return path;
}

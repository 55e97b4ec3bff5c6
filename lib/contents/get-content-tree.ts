// The navigation tree of one content root: the root, its children and their children. Deeper levels
// are reached by opening a node (each page lists its own children), which keeps the side tree small.
// Only visible nodes (with a published revision) appear: the repo's link queries skip the others.
import { findContentLink, listChildren } from "./repo";
import type { ContentLinkDto } from "./schema";

export type ContentTreeNodeDto = ContentLinkDto & { children: ContentTreeNodeDto[] };

const MAX_DEPTH = 2;
// A root with thousands of children would make every page of it huge; past this the tree says "more".
const MAX_CHILDREN = 200;

export function getContentTree(rootId: string): ContentTreeNodeDto | null {
  const root = findContentLink(rootId);
  return root ? expand(root, 1) : null;
}

function expand(node: ContentLinkDto, depth: number): ContentTreeNodeDto {
  if (depth > MAX_DEPTH) return { id: node.id, title: node.title, children: [] };
  const children = listChildren(node.id).slice(0, MAX_CHILDREN);
  return { id: node.id, title: node.title, children: children.map((c) => expand(c, depth + 1)) };
}

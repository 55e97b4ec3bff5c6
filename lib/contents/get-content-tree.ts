// The navigation tree of one content root: the root, its children and their children. Deeper levels
// are reached by opening a node (each page lists its own children), which keeps the side tree small.
// Only visible nodes (with a published revision) appear: the repo's link queries skip the others.
import { findContentLink, listChildren } from "./repo";
import type { ContentLinkDto } from "./schema";

export type ContentTreeNodeDto = ContentLinkDto & { children: ContentTreeNodeDto[] };

const MAX_DEPTH = 2;
// A root with thousands of children would make every page of it huge; past this the tree says "more".
const MAX_CHILDREN = 200;

export async function getContentTree(rootId: string): Promise<ContentTreeNodeDto | null> {
  const root = await findContentLink(rootId);
  return root ? await expand(root, 1) : null;
}

async function expand(node: ContentLinkDto, depth: number): Promise<ContentTreeNodeDto> {
  if (depth > MAX_DEPTH) return { id: node.id, title: node.title, children: [] };
  const children = (await listChildren(node.id)).slice(0, MAX_CHILDREN);
  const expanded: ContentTreeNodeDto[] = [];
  for (const child of children) expanded.push(await expand(child, depth + 1));
  return { id: node.id, title: node.title, children: expanded };
}

// The headings of a markdown body with the ids the rendered page gives them. The ids come from the
// same pipeline MarkdownView runs (remark-parse, remark-gfm, remark-rehype as react-markdown calls it,
// rehype-slug), so "On this page" links land on the headings whatever the text: duplicates get
// rehype-slug's -1, -2 suffixes counted over every level, code and inline markup are read the same.
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

export type MarkdownHeading = { id: string; text: string; level: number };

// allowDangerousHtml as react-markdown sets it: raw HTML nodes then count in a heading's text (and id).
const pipeline = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeSlug);

type HastNode = { type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/** The body's headings of markdown levels 1 to `deepest` (its `#` to `###`), in order. */
export function listMarkdownHeadings(body: string, deepest = 3): MarkdownHeading[] {
  const tree = pipeline.runSync(pipeline.parse(body)) as unknown as HastNode;
  const found: MarkdownHeading[] = [];
  const walk = (node: HastNode) => {
    const level = node.type === "element" && /^h[1-6]$/.test(node.tagName ?? "") ? Number(node.tagName![1]) : 0;
    if (level > 0) {
      const id = node.properties?.id;
      const text = textOf(node).replace(/\s+/g, " ").trim();
      if (level <= deepest && typeof id === "string" && id && text) found.push({ id, text, level });
      return;
    }
    node.children?.forEach(walk);
  };
  walk(tree);
  return found;
}

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

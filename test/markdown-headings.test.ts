// "On this page" links must land on the ids the rendered markdown gets (components/markdown.tsx).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "@/components/markdown";
import { listMarkdownHeadings } from "@/components/markdown-headings";

const BODY = [
  "# Guide",
  "## Install it",
  "```md\n## not a heading\n```",
  "### With `pip` and *extras*",
  "## Install it",
  "#### Too deep",
  "## Ünïcode & <b>raw</b> 中文",
].join("\n\n");

describe("listMarkdownHeadings", () => {
  it("lists levels 1-3 in order, skipping code, with the same ids the page renders", () => {
    const headings = listMarkdownHeadings(BODY);
    expect(headings.map((h) => [h.level, h.text])).toEqual([
      [1, "Guide"],
      [2, "Install it"],
      [3, "With pip and extras"],
      [2, "Install it"],
      [2, "Ünïcode & raw 中文"],
    ]);
    const html = renderToStaticMarkup(MarkdownView({ body: BODY }));
    const rendered = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]);
    for (const h of headings) expect(rendered).toContain(h.id);
    // Duplicates are told apart the way rehype-slug does it.
    expect(headings[3].id).toBe(`${headings[1].id}-1`);
  });
});

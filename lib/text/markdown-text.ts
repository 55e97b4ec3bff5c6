// A markdown body as the plain text a snippet shows: the words a reader sees, without the marks
// that make them bold, links or headings. Deliberately small (no parser): a snippet is a glimpse
// of where the words matched, and the node's page renders the real markdown. Asterisks are all
// removed, so a snippet can mark its matches with ** without meeting one of the body's own.
export function markdownText(markdown: string): string {
  return (
    markdown
      // Fence lines (```ts) and table rules (|---|:--|) say nothing.
      .replace(/^\s*(```|~~~).*$/gm, " ")
      .replace(/^[\s|:-]+$/gm, " ")
      // Images and links keep their text; autolinks and HTML tags go.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>\n]+>/g, " ")
      // Heading, quote and list marks at the start of a line.
      .replace(/^\s{0,3}(#{1,6}|>+|[-+]|\d+[.)])\s+/gm, "")
      .replace(/\*+/g, "")
      .replace(/`+/g, "")
      .replace(/~~/g, "")
      .replace(/\s*\|\s*/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

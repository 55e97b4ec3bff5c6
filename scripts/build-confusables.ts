// Builds lib/text/confusables.tsv, the Unicode TR39 confusables mapping (confusables.txt: each
// character -> its prototype) that lib/text/skeleton.ts uses to spot lookalike resource names.
// Source: the `unhomoglyph` dev dependency (pinned), which ships confusables.txt 13.0.0 as JSON
// (data (c) Unicode, Inc., Unicode License; package MIT). Nothing is downloaded at build or run time.
// Stored as hex code points, one mapping a line, so the file is plain ASCII that diffs and greps well
// (the characters themselves include combining marks and invisible ones).
// Run again after changing the source: npm run build:confusables (lib/text/skeleton.test.ts fails
// when the file differs from what this script builds).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
export const CONFUSABLES_FILE = "lib/text/confusables.tsv";

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")).join(" ");

/** The file's content: a header line, then "SOURCE<TAB>PROTOTYPE" sorted by source code point. */
export function buildConfusables(): string {
  const data = JSON.parse(readFileSync(join(root, "node_modules/unhomoglyph/data.json"), "utf8")) as Record<string, string>;
  const version = (JSON.parse(readFileSync(join(root, "node_modules/unhomoglyph/package.json"), "utf8")) as { version: string }).version;
  const rows = Object.entries(data)
    .map(([source, prototype]) => {
      if ([...source].length !== 1) throw new Error(`confusables: a source of more than one character: ${codePoints(source)}`);
      return [source.codePointAt(0)!, codePoints(prototype)] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  const header =
    `# Unicode TR39 confusables.txt 13.0.0 (source -> prototype, hex code points), (c) Unicode, Inc., ` +
    `Unicode License; from unhomoglyph ${version} by scripts/build-confusables.ts`;
  return `${header}\n${rows.map(([source, prototype]) => `${codePoints(String.fromCodePoint(source))}\t${prototype}\n`).join("")}`;
}

if (process.argv[1]?.endsWith("build-confusables.ts")) {
  const content = buildConfusables();
  writeFileSync(join(root, CONFUSABLES_FILE), content);
  console.log(`${CONFUSABLES_FILE}: ${content.split("\n").length - 2} mappings`);
}

// Lookalike detection for resource names and content ids: two names look alike when their
// skeletons are equal (Unicode TR39 section 4, plus separators dropped), so Cyrillic "руmupdf" is
// caught next to "pymupdf", and "Vote-Target", "Vote_Target", "Vote Target" and "VoteTarget." next
// to "VoteTarget". The mapping is confusables.txt, kept in lib/text/confusables.tsv
// (scripts/build-confusables.ts). Changing what a skeleton is means recomputing the stored ones: a
// migration empties resources.skeleton and contents.skeleton, and they are filled again
// (lib/resources/fill-skeletons.ts, lib/contents/fill-content-skeletons.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const CACHE = Symbol.for("knowhub.text.confusables");
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
// Spacing, hyphens, underscores and dots separate the parts of one name ("pdf-plumber", "pdf_plumber",
// "pdf.plumber", "pdf plumber", "pdfplumber." are one spelling): a skeleton has none of them. Dropped
// after the mapping too, which turns other dashes and dots ("‐", "․") into these.
const SEPARATORS = /[\s\-_.]+/g;
// Mapping is idempotent and so is case folding; only their interplay needs another round
// ("0" -> "O" -> "o"). Two or three rounds reach the fixed point; the bound is a safety net.
const MAX_ROUNDS = 6;

// Read from disk once per process (like the search word lists): a JSON import would become an
// object literal in every server bundle that reaches this module.
function confusables(): Map<number, string> {
  const holder = globalThis as { [CACHE]?: Map<number, string> };
  if (holder[CACHE]) return holder[CACHE];
  const text = readFileSync(join(process.cwd(), "lib", "text", "confusables.tsv"), "utf8");
  const map = new Map<number, string>();
  const fromHex = (hex: string) => String.fromCodePoint(...hex.split(" ").map((h) => parseInt(h, 16)));
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [source, prototype] = line.split("\t");
    map.set(parseInt(source, 16), fromHex(prototype));
  }
  holder[CACHE] = map;
  return map;
}

function mapConfusables(text: string, map: Map<number, string>): string {
  let out = "";
  for (const char of text) out += map.get(char.codePointAt(0)!) ?? char;
  return out;
}

function skeleton(name: string, foldFirst: boolean): string {
  const map = confusables();
  const normal = name.normalize("NFKC").trim().replace(/\s+/g, " ");
  let current = normal.replace(IGNORABLE, "") || normal;
  if (foldFirst) current = current.toLowerCase();
  // A name of nothing but separators ("-", "...") keeps them: a skeleton is never empty.
  const joined = (text: string) => text.replace(SEPARATORS, "") || text.replace(/\s+/g, " ");
  current = joined(current);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = joined(mapConfusables(current.normalize("NFD"), map).normalize("NFD").toLowerCase());
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The TR39 skeleton of a resource name, case-insensitive as resource keys are: NFKC, lower case,
 * separators dropped, then rounds of NFD, confusables mapping, NFD, lower case and separators
 * dropped until nothing changes ("0" -> "O" -> "o"). Names with the same key, or keys that differ
 * only in separators (lib/text/resource-key.ts looseResourceKey), have the same skeleton;
 * this is what resources.skeleton stores.
 * Never empty for a non-empty name: one of nothing but invisible characters (refused at the door
 * now, but older rows may hold one) keeps them, as '' in resources.skeleton means "not computed".
 */
export function nameSkeleton(name: string): string {
  return skeleton(name, true);
}

/**
 * The skeleton of a name as it is drawn, letter case and all: the mapping sees capitals before
 * they are folded. Folded first, the capital "I" that TR39 maps to "l" becomes an "i" ("PaypaI"
 * would miss "paypal"), and Greek "ΡyΜuΡDF" becomes "ρyμuρdf", which looks like nothing Latin.
 * Compared with stored nameSkeleton values to catch a new name that imitates an existing one this
 * way; not a function of the key, so never stored.
 */
export function drawnSkeleton(name: string): string {
  return skeleton(name, false);
}

// Which content ids a report's text names: a path id written out (`pymupdf/find-tables`) or a
// content URL (`/content/pymupdf/find-tables`, with or without a host, or the API's
// `/api/content/...`). Pure text work, shared by both directions of the link between content and
// reports (lib/experiences/list-citing-reports.ts, find-cited-contents.ts), so they agree.
//
// A bare id must have two segments or more: a single word (`pymupdf`) is the resource's own name and
// would turn every report into a citation of its root. Ids are matched as written (case kept): an id
// is an address, and lookalike ids are refused at write time, so case variants name no other page.
import { contentIdProblem } from "./content-id";

/** The most ids read from one text: a report is a few KB, and a list of hundreds of paths is no citation. */
export const MAX_MENTIONS_PER_TEXT = 20;

// Runs of the characters an id (or a URL path holding one) is made of; anything else ends a mention.
const RUN = /[\p{L}\p{N}_\-./%]+/gu;
const URL_MARK = "/content/";

/** The distinct content ids `text` names, in order of appearance, at most MAX_MENTIONS_PER_TEXT. */
export function extractContentMentions(text: string): string[] {
  const found = new Set<string>();
  for (const [run] of text.matchAll(RUN)) {
    const id = mentionIn(run);
    if (id) found.add(id);
    if (found.size >= MAX_MENTIONS_PER_TEXT) break;
  }
  return [...found];
}

function mentionIn(run: string): string | null {
  const at = run.indexOf(URL_MARK);
  if (at >= 0) {
    // A URL: what follows /content/ is the id, its segments percent-encoded as the site writes them.
    const segments = trimEnd(run.slice(at + URL_MARK.length)).split("/");
    try {
      const id = segments.map(decodeURIComponent).join("/");
      return contentIdProblem(id) === null ? id : null;
    } catch {
      return null;
    }
  }
  // A bare id starts the run (not the tail of some other path) and has a slash in it.
  const id = trimEnd(run);
  if (id.startsWith("/") || !id.includes("/")) return null;
  return contentIdProblem(id) === null ? id : null;
}

/** Sentence punctuation after an id ("see pymupdf/find-tables.") is not part of it. */
function trimEnd(s: string): string {
  return s.replace(/[./]+$/u, "");
}

/** Whether `text` names content `id` (the same reading as extractContentMentions, for one id). */
export function mentionsContent(text: string, id: string): boolean {
  return text.includes(id) && extractContentMentions(text).includes(id);
}

// The console's list of content nodes: search by id or title, one root, locked nodes or nodes with
// held revisions, in id order, a page at a time (keyset: `after` is the last id shown). A node
// without a published revision is listed too: the console is where it gets one.
import { fromDbTime } from "../db-time";
import { containsPattern } from "../text/like-pattern";
import { parseInput } from "../validation";
import { listConsoleContents } from "./console-list-repo";
import { listConsoleContentsInput, type ConsoleContentsDto, type ListConsoleContentsInput } from "./schema";

export async function listContentsForConsole(given: ListConsoleContentsInput): Promise<ConsoleContentsDto> {
  const input = parseInput(listConsoleContentsInput, given, "content list");
  const q = input.q ?? "";
  const root = input.root ?? "";
  const rows = await listConsoleContents({
    pattern: q ? containsPattern(q) : null,
    root: root || null,
    status: input.status,
    after: input.after ?? null,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return {
    q,
    root,
    status: input.status,
    contents: page.map((r) => ({
      id: r.id,
      root_id: r.rootId,
      title: r.title,
      locked: r.locked,
      visible_revision: r.revision,
      latest_revision: r.latestRevision,
      held: r.held,
      updated_at: fromDbTime(r.updatedAt),
    })),
    next_after: rows.length > input.limit ? page[page.length - 1].id : null,
  };
}

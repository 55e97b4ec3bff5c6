// The console's list of resources: search by name or description, or only those with held reports,
// in name-key order, a page at a time (keyset: `after` is the last key shown).
import { fromDbTime } from "../db-time";
import { parseInput } from "../validation";
import { containsPattern } from "../text/like-pattern";
import { listConsoleResources } from "./console-list-repo";
import { listConsoleResourcesInput, type ConsoleResourcesDto, type ListConsoleResourcesInput } from "./schema";

export async function listResourcesForConsole(given: ListConsoleResourcesInput): Promise<ConsoleResourcesDto> {
  const input = parseInput(listConsoleResourcesInput, given, "resource list");
  const q = input.q ?? "";
  const rows = await listConsoleResources({
    pattern: q ? containsPattern(q) : null,
    heldOnly: input.held === "1",
    after: input.after ?? null,
    // One row more than the page: whether there is a next page, without counting.
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return {
    q,
    held_only: input.held === "1",
    resources: page.map((r) => ({
      name: r.name,
      category: r.category,
      description: r.description,
      experience_count: r.experienceCount,
      held: r.held,
      pinned: r.pinned,
      last_seen: fromDbTime(r.lastSeen),
    })),
    next_after: rows.length > input.limit ? page[page.length - 1].key : null,
  };
}

// One category's resources, a page at a time, most reporters first (one key, one voice: a flood
// from one key does not move its resource up), ties by name key.
import { DomainError } from "../errors";
import { parseInput } from "../validation";
import { findCategory, listCategoryResources as listCategoryRows, type CategoryCursor } from "./repo";
import { listCategoryResourcesInput, type CategoryResourcesDto, type ListCategoryResourcesInput } from "./schema";
import { toResourceSummary } from "./get-overview";

export async function listCategoryResources(raw: ListCategoryResourcesInput): Promise<CategoryResourcesDto> {
  const input = parseInput(listCategoryResourcesInput, raw);
  const totals = await findCategory(input.category);
  if (!totals) throw new DomainError("not_found", `No resource in category "${input.category}" has any experience yet.`, { category: input.category });
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await listCategoryRows(input.category, input.limit + 1, after);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    category: input.category,
    resource_count: totals.resourceCount,
    experience_count: totals.experienceCount,
    limit: input.limit,
    resources: page.map(toResourceSummary),
    next_cursor: rows.length > input.limit && last ? encodeCursor({ reporterCount: Number(last.reporterCount), key: last.key }) : null,
  };
}

function encodeCursor(cursor: CategoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.reporterCount, cursor.key])).toString("base64url");
}

function decodeCursor(value: string): CategoryCursor {
  try {
    const [reporterCount, key] = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Number.isInteger(reporterCount) && reporterCount >= 0 && typeof key === "string") return { reporterCount, key };
  } catch {
    // fall through to the error below
  }
  throw new DomainError("invalid_input", "cursor is not one this server issued; follow the page's links unchanged.", {
    issues: [{ field: "cursor", message: "invalid cursor" }],
  });
}

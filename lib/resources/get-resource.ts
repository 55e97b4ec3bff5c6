import { DomainError } from "../errors";
import { fromDbTime } from "../db-time";
import { resourceKey } from "../text/resource-key";
import { toExperienceDtos } from "../verdicts/standing";
import {
  findRedirect,
  findResource,
  findResourceState,
  listResourceContents,
  listResourceExperiences,
  type ExperienceCursor,
} from "./repo";
import type { GetResourceInput, ResourceDto } from "./schema";
import { toResourceAggregate } from "./serialize";
import { suggestResourceNames } from "./suggest-names";

/** A resource's aggregate, one page of its experiences and its linked content. */
export async function getResource(input: GetResourceInput): Promise<ResourceDto> {
  const asked = resourceKey(input.name);
  let key = asked;
  let row = await findResource(key);
  let redirectedFrom: string | undefined;
  // A renamed or merged name leads to the resource it became, so agents and links that know only
  // the old name land on the new one. A name that has published reports of its own answers itself:
  // a redirect never hides reports.
  const redirect = row ? null : await findRedirect(asked);
  if (redirect) {
    const target = await findResource(redirect.toKey);
    if (target) {
      key = redirect.toKey;
      row = target;
      redirectedFrom = (await findResourceState(asked))?.name ?? input.name;
    }
  }
  if (!row) {
    const suggestions = await suggestResourceNames(input.name);
    throw new DomainError("not_found", `No resource named "${input.name}" has any experience yet.`, {
      name: input.name,
      closest: suggestions,
    });
  }
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await listResourceExperiences(key, input.sort, input.limit + 1, cursor);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    ...toResourceAggregate(row),
    first_seen: fromDbTime(row.firstSeen),
    last_seen: fromDbTime(row.lastSeen),
    sort: input.sort,
    limit: input.limit,
    experiences: await toExperienceDtos(page),
    next_cursor:
      rows.length > input.limit && last
        ? encodeCursor({ score: last.score, createdAt: String(last.createdAt), id: last.id })
        : null,
    contents: await listResourceContents(key),
    ...(redirectedFrom ? { redirected_from: redirectedFrom } : {}),
  };
}

function encodeCursor(cursor: ExperienceCursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.createdAt, cursor.id])).toString("base64url");
}

function decodeCursor(value: string): ExperienceCursor {
  try {
    const [score, createdAt, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Number.isInteger(score) && typeof createdAt === "string" && Number.isInteger(id)) return { score, createdAt, id };
  } catch {
    // fall through to the error below
  }
  throw new DomainError("invalid_input", "cursor is not one this server issued; pass next_cursor back unchanged.", {
    issues: [{ field: "cursor", message: "invalid cursor" }],
  });
}

import { DomainError } from "../errors";
import { fromDbTime } from "../db-time";
import { resourceKey } from "../text/resource-key";
import { toExperienceDtos } from "../verdicts/standing";
import {
  findRedirect,
  findResourceDescription,
  listRecentTasks,
  findResource,
  findResourceState,
  listResourceContents,
  listResourceExperiences,
  type ExperienceCursor,
} from "./repo";
import type { ExperienceDto } from "../experiences/schema";
import type { GetResourceInput, ResourceDto, ResourceFilters } from "./schema";
import { toResourceAggregate } from "./serialize";
import { suggestResourceNames } from "./suggest-names";

// A derived description names at most this many tasks and stays one line.
const DESCRIPTION_TASKS = 3;
const DESCRIPTION_MAX = 200;

/**
 * A resource's aggregate, one page of its experiences passing the filters, and its linked content.
 * `lead`: reports to list apart, first (the page's reports matching a task, best first): they come
 * back as `lead` (filtered; in that order under the default sort, else in the sort's) and are left
 * out of `experiences`.
 */
export async function getResource(input: GetResourceInput, { lead }: { lead?: number[] } = {}): Promise<ResourceDto & { lead?: ExperienceDto[] }> {
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
  const filters: ResourceFilters = input;
  const rows = await listResourceExperiences(key, input.sort, input.limit + 1, cursor, filters, { except: lead });
  const leadRows = lead ? await listResourceExperiences(key, input.sort, lead.length, null, filters, { only: lead }) : [];
  // Best match first; a sort asked for (best, worst) orders them as it orders the others.
  const rank = new Map(lead?.map((id, i) => [id, i]));
  if (input.sort === "newest") leadRows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    ...toResourceAggregate(row),
    first_seen: fromDbTime(row.firstSeen),
    last_seen: fromDbTime(row.lastSeen),
    sort: input.sort,
    limit: input.limit,
    description: await describeResource(key),
    experiences: await toExperienceDtos(page),
    filters: {
      outcome: input.outcome ?? null,
      min_score: input.min_score,
      verified: input.verified,
      version: input.version ?? null,
      since: input.since ?? null,
      until: input.until ?? null,
    },
    next_cursor:
      rows.length > input.limit && last
        ? encodeCursor({ score: last.score, createdAt: String(last.createdAt), id: last.id })
        : null,
    contents: await listResourceContents(key),
    ...(redirectedFrom ? { redirected_from: redirectedFrom } : {}),
    ...(lead ? { lead: await toExperienceDtos(leadRows) } : {}),
  };
}

/** A maintainer's description, or else what the newest reports (one per reporter) used it for. */
async function describeResource(key: string): Promise<string> {
  const set = await findResourceDescription(key);
  if (set) return set;
  const tasks = [...new Set((await listRecentTasks(key, DESCRIPTION_TASKS * 2)).map((t) => t.replace(/\s+/g, " ").trim()))]
    .sort((a, b) => a.length - b.length)
    .slice(0, DESCRIPTION_TASKS);
  if (tasks.length === 0) return "";
  const line = `Reported for: ${tasks.map((t) => t.replace(/[.;:]+$/, "")).join(" · ")}`;
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : line;
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

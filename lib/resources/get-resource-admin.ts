// The maintainers' view of one resource: why it shows what it shows (pins, and the url and category
// candidates with their reporters), which old names lead to it, and its reports of every status.
// Also how the governance operations (pin, rename, merge) find the resource a name means.
import { fromDbTime } from "../db-time";
import { DomainError } from "../errors";
import { resourceKey } from "../text/resource-key";
import { toProvenance } from "../keys/provenance";
import { parseInput } from "../validation";
import {
  countResourceExperiences,
  countResourceExperiencesByStatus,
  findResourceDescription,
  findRedirect,
  findResourceState,
  listDisplayCandidates,
  listRedirectsTo,
  listResourceExperiencesAnyStatus,
  type DisplayCandidateRow,
  type ResourceStateRow,
} from "./repo";
import { resourceNameInput, type DisplayCandidateDto, type ResourceAdminDto, type ResourceStateDto } from "./schema";
import { toResourceAggregate } from "./serialize";
import { suggestResourceNames } from "./suggest-names";

const EXPERIENCE_LIMIT = 200;

export async function getResourceAdmin(name: string): Promise<ResourceAdminDto> {
  const found = await resolveGovernedResource(parseInput(resourceNameInput, name, "resource name"));
  const { row } = found;
  const candidates = await listDisplayCandidates(row.key);
  const toCandidate = (c: DisplayCandidateRow): DisplayCandidateDto => ({
    value: c.value,
    reporters: Number(c.reporters),
    reports: Number(c.reports),
    last_reported_at: fromDbTime(c.lastReportedAt),
  });
  return {
    resource: { ...toResourceState(row), first_seen: fromDbTime(row.firstSeen), last_seen: fromDbTime(row.lastSeen) },
    ...(found.redirectedFrom ? { redirected_from: found.redirectedFrom } : {}),
    candidates: {
      url: candidates.filter((c) => c.field === "url").map(toCandidate),
      category: candidates.filter((c) => c.field === "category").map(toCandidate),
    },
    redirects: (await listRedirectsTo(row.key)).map((r) => ({ from_key: r.fromKey, from_name: r.fromName, created_at: fromDbTime(r.createdAt) })),
    description: await findResourceDescription(row.key),
    status_counts: await countResourceExperiencesByStatus(row.key),
    experiences: (await listResourceExperiencesAnyStatus(row.key, EXPERIENCE_LIMIT)).map((e) => ({
      id: Number(e.id),
      task: e.task,
      score: Number(e.score),
      url: e.url,
      category: e.category,
      status: e.status,
      status_reason: e.statusReason,
      key: toProvenance(e).key,
      submitted_by: e.submittedBy,
      created_at: fromDbTime(e.createdAt),
    })),
  };
}

export type GovernedResource = { row: ResourceStateRow; redirectedFrom?: string };

/**
 * The resource `name` means for a maintainer: its own key while any experience (of any status:
 * a resource whose reports are all held is still governed) is filed under it, else where its
 * redirect leads (an old name means the resource it became). 404 with the closest names otherwise.
 */
export async function resolveGovernedResource(name: string, field = "name"): Promise<GovernedResource> {
  const key = resourceKey(name);
  const own = (await countResourceExperiences(key)) > 0 ? await findResourceState(key) : null;
  if (own) return { row: own };
  const redirect = await findRedirect(key);
  const target = redirect && (await countResourceExperiences(redirect.toKey)) > 0 ? await findResourceState(redirect.toKey) : null;
  if (target) return { row: target, redirectedFrom: (await findResourceState(key))?.name ?? name };
  throw new DomainError("not_found", `No resource named "${name}" has any experience.`, {
    [field]: name,
    closest: await suggestResourceNames(name, { anyStatus: true }),
  });
}

export function toResourceState(row: ResourceStateRow): ResourceStateDto {
  return {
    key: row.key,
    ...toResourceAggregate(row),
    score_sum: Number(row.scoreSum),
    pinned_url: row.pinnedUrl,
    pinned_category: row.pinnedCategory,
  };
}

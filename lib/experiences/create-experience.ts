import { DomainError } from "../errors";
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { indexText } from "../search/analyze";
import { findLookalikeResource } from "../resources/find-lookalike";
import { followRedirect } from "../resources/follow-redirect";
import { refreshResourceDisplay } from "../resources/refresh-resource-display";
import { findResourceDisplay, setResourceSkeletons } from "../resources/repo";
import { toResourceAggregate, type ResourceRow } from "../resources/serialize";
import { nameSkeleton } from "../text/skeleton";
import { findExperienceByHash, findResourceByKey, insertExperience } from "./repo";
import { experienceColumns } from "./experience-columns";
import { resourceKey } from "./resource-key";
import type { CreateExperienceInput, CreateExperienceResult } from "./schema";
import { toExperienceDto } from "./serialize";

/**
 * Stores an experience once, written by `provenance`'s key (or by nobody in particular, open mode):
 * an identical re-submission by the same writer returns the stored one as a duplicate.
 */
export async function createExperience(
  input: CreateExperienceInput,
  provenance: ProvenanceColumns = NO_KEY,
  now = new Date(),
  options: { hold?: { reason: string; findings: unknown[] } | null } = {},
): Promise<CreateExperienceResult> {
  const renamed = followRedirect(input.name);
  if (renamed) input = { ...input, name: renamed };
  const columns = experienceColumns(input, indexText, provenance);
  const existing = await findDuplicate(columns.submissionHash);
  if (existing) return existing;
  if (!input.confirm_new_resource) refuseLookalike(columns.name);
  try {
    // A held report is stored `pending` with why: invisible (not indexed, not counted) until approved.
    const hold = options.hold ?? null;
    const moderation = hold
      ? { status: "pending", findings: JSON.stringify(hold.findings), statusReason: hold.reason }
      : { status: "published", findings: "[]", statusReason: "" };
    const { experience, resource } = await insertExperience({ ...columns, ...moderation, createdAt: now });
    return {
      duplicate: false,
      experience: toExperienceDto(experience),
      resource: toResourceAggregate(settleResource(resource)),
      ...(hold ? { moderation: { status: "pending" as const, reason: hold.reason, findings: hold.findings } } : {}),
    };
  } catch (error) {
    // Two identical submissions raced: the loser answers like any other retry.
    if (error instanceof DomainError && error.code === "conflict") {
      const raced = await findDuplicate(columns.submissionHash);
      if (raced) return raced;
    }
    throw error;
  }
}

/**
 * What the insert's triggers cannot compute: the skeleton of a new resource's name (a no-op when it
 * is set), and the url and category its reporters give (refreshResourceDisplay), which the answer
 * shows. The report is stored by now, so a failure here (a busy lock) is logged, not answered as a
 * 503: the lookalike check and `npm run migrate` fill an empty skeleton, and the next report, a
 * moderation decision or an import refresh the shown values.
 */
function settleResource(resource: ResourceRow): ResourceRow {
  try {
    setResourceSkeletons([{ key: resource.key, skeleton: nameSkeleton(resource.name) }]);
    refreshResourceDisplay([resource.key]);
    return { ...resource, ...findResourceDisplay(resource.key) };
  } catch (error) {
    console.error("could not settle the resource's skeleton and shown url and category; they are filled later", error);
    return resource;
  }
}

/** A new resource whose name looks like an existing one is created only when the caller confirms. */
function refuseLookalike(name: string): void {
  const lookalike = findLookalikeResource(name);
  if (!lookalike) return;
  throw new DomainError(
    "conflict",
    `"${name}" looks like the existing resource "${lookalike.name}". If you used ${lookalike.name}, report it ` +
      `under that name; if "${name}" is a different resource, send the report again with "confirm_new_resource": true.`,
    { name, existing: lookalike.name, existing_key: lookalike.key, skeleton: nameSkeleton(name), confirm_field: "confirm_new_resource" },
  );
}

async function findDuplicate(hash: string): Promise<CreateExperienceResult | null> {
  const row = await findExperienceByHash(hash);
  if (!row) return null;
  const resource = await findResourceByKey(resourceKey(row.name));
  if (!resource) return null;
  return { duplicate: true, experience: toExperienceDto(row), resource: toResourceAggregate(resource) };
}

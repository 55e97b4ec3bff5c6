import { DomainError } from "../errors";
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { indexText } from "../search/analyze";
import { findLookalikeResource } from "../resources/find-lookalike";
import { setResourceSkeletons } from "../resources/repo";
import { toResourceAggregate } from "../resources/serialize";
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
): Promise<CreateExperienceResult> {
  const columns = experienceColumns(input, indexText, provenance);
  const existing = await findDuplicate(columns.submissionHash);
  if (existing) return existing;
  if (!input.confirm_new_resource) refuseLookalike(columns.name);
  try {
    const { experience, resource } = await insertExperience({ ...columns, createdAt: now });
    // The trigger that created a new resource cannot compute its skeleton; a no-op when it is set.
    // The report is stored by now: a busy lock here must not turn its answer into a 503 (the
    // lookalike check and `npm run migrate` fill any skeleton left empty).
    try {
      setResourceSkeletons([{ key: resource.key, skeleton: nameSkeleton(resource.name) }]);
    } catch (error) {
      console.error("could not record the resource's skeleton; it is filled later", error);
    }
    return { duplicate: false, experience: toExperienceDto(experience), resource: toResourceAggregate(resource) };
  } catch (error) {
    // Two identical submissions raced: the loser answers like any other retry.
    if (error instanceof DomainError && error.code === "conflict") {
      const raced = await findDuplicate(columns.submissionHash);
      if (raced) return raced;
    }
    throw error;
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

import { DomainError } from "../errors";
import { toResourceAggregate } from "../resources/serialize";
import { findExperienceByHash, findResourceByKey, insertExperience } from "./repo";
import { experienceColumns } from "./experience-columns";
import { resourceKey } from "./resource-key";
import type { CreateExperienceInput, CreateExperienceResult } from "./schema";
import { toExperienceDto } from "./serialize";

/** Stores an experience once: an identical re-submission returns the stored one as a duplicate. */
export async function createExperience(input: CreateExperienceInput, now = new Date()): Promise<CreateExperienceResult> {
  const columns = experienceColumns(input);
  const existing = await findDuplicate(columns.submissionHash);
  if (existing) return existing;
  try {
    const { experience, resource } = await insertExperience({ ...columns, createdAt: now });
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

async function findDuplicate(hash: string): Promise<CreateExperienceResult | null> {
  const row = await findExperienceByHash(hash);
  if (!row) return null;
  const resource = await findResourceByKey(resourceKey(row.name));
  if (!resource) return null;
  return { duplicate: true, experience: toExperienceDto(row), resource: toResourceAggregate(resource) };
}

import { DomainError } from "../errors";
import { toResourceAggregate } from "../resources/serialize";
import { indexText } from "../search/analyze";
import { findExperienceByHash, findResourceByKey, insertExperience } from "./repo";
import { displayName, resourceKey } from "./resource-key";
import type { CreateExperienceInput, CreateExperienceResult } from "./schema";
import { toExperienceDto } from "./serialize";
import { submissionHash } from "./submission-hash";

/** Stores an experience once: an identical re-submission returns the stored one as a duplicate. */
export async function createExperience(input: CreateExperienceInput, now = new Date()): Promise<CreateExperienceResult> {
  const hash = submissionHash(input);
  const existing = await findDuplicate(hash);
  if (existing) return existing;

  const name = displayName(input.name);
  try {
    const { experience, resource } = await insertExperience({
      name,
      resourceKey: resourceKey(name),
      url: input.url,
      category: input.category,
      task: input.task,
      score: input.score,
      outcome: input.outcome,
      tips: input.tips,
      contentId: input.content_id,
      submittedBy: input.submitted_by,
      submissionHash: hash,
      searchName: indexText(name),
      searchTask: indexText(input.task),
      searchTips: indexText(input.tips),
      searchOutcome: indexText(input.outcome),
      createdAt: now,
    });
    return { duplicate: false, experience: toExperienceDto(experience), resource: toResourceAggregate(resource) };
  } catch (error) {
    // Two identical submissions raced: the loser answers like any other retry.
    if (error instanceof DomainError && error.code === "conflict") {
      const raced = await findDuplicate(hash);
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

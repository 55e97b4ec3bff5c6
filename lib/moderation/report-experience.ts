import type { Caller } from "../auth/authorize-request";
import { createExperience } from "../resources/create-experience";
import type { CreateExperienceInput, CreateExperienceResult } from "../experiences/schema";
import { provenanceColumns } from "../keys/provenance";
import { holdForReview } from "./hold-for-review";

/** An agent's report as the API takes it: screened, held for review when it must be, then stored. */
export async function reportExperience(input: CreateExperienceInput, caller: Caller, now = new Date()): Promise<CreateExperienceResult> {
  const hold = holdForReview({ name: input.name, task: input.task, outcome: input.outcome, tips: input.tips }, caller.key);
  return createExperience(input, provenanceColumns(caller.key), now, { hold });
}

import type { Caller } from "../auth/authorize-request";
import { createExperience } from "../resources/create-experience";
import type { CreateExperienceInput, CreateExperienceResult } from "../experiences/schema";
import { provenanceColumns } from "../keys/provenance";
import { scheduleLearning } from "../learning/schedule-learning";
import { holdForReview } from "./hold-for-review";
import { experienceTexts } from "./stored-texts";

/** An agent's report as the API takes it: screened, held for review when it must be, then stored. */
export async function reportExperience(input: CreateExperienceInput, caller: Caller, now = new Date()): Promise<CreateExperienceResult> {
  const hold = holdForReview(experienceTexts(input), caller.key);
  const result = await createExperience(input, provenanceColumns(caller.key), now, { hold });
  // A report citing a search may teach search: judged after commit, in the background (lib/learning).
  if (input.after_search && !result.duplicate) scheduleLearning();
  return result;
}

import type { Caller } from "../auth/authorize-request";
import { createExperience } from "../resources/create-experience";
import type { CreateExperienceInput, CreateExperienceResult } from "../experiences/schema";
import { provenanceColumns } from "../keys/provenance";
import { holdForReview } from "./hold-for-review";
import { experienceTexts } from "./stored-texts";

/** An agent's report as the API takes it: screened, held for review when it must be, then stored. */
export async function reportExperience(input: CreateExperienceInput, caller: Caller, now = new Date()): Promise<CreateExperienceResult> {
  const hold = holdForReview(experienceTexts(input), caller.key);
  return createExperience(input, provenanceColumns(caller.key), now, { hold });
}

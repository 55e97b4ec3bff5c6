// A key's confirmation or flag as the API takes it (as report-experience.ts is for reports): the
// verdict is stored (lib/verdicts), then, when it cited a search, learning is scheduled after the
// commit (lib/learning): the verdict itself is the record, so nothing waits on learning.
import type { Caller } from "../auth/authorize-request";
import { scheduleLearning } from "../learning/schedule-learning";
import { confirmExperience } from "../verdicts/confirm-experience";
import { flagExperience } from "../verdicts/flag-experience";
import type { ConfirmInput, FlagInput, VerdictResultDto } from "../verdicts/schema";

export async function submitConfirm(id: number, input: ConfirmInput, caller: Caller, now = new Date()): Promise<VerdictResultDto> {
  const result = await confirmExperience(id, input, caller, now);
  if (input.after_search && result.change !== "unchanged") scheduleLearning();
  return result;
}

export async function submitFlag(id: number, input: FlagInput, caller: Caller, now = new Date()): Promise<VerdictResultDto> {
  const result = await flagExperience(id, input, caller, now);
  // A flag may replace a confirmation that taught a link: the link's support is read again.
  if (result.change === "changed") scheduleLearning();
  return result;
}

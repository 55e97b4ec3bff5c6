import type { Caller } from "../auth/authorize-request";
import { recordVerdict } from "./record-verdict";
import type { ConfirmInput, VerdictResultDto } from "./schema";

/** "It worked for me too": the caller's key confirms experience `id` (replacing its earlier verdict). */
export function confirmExperience(id: number, input: ConfirmInput, caller: Caller, now = new Date()): Promise<VerdictResultDto> {
  return recordVerdict(
    id,
    caller,
    { verdict: "confirm", reason: "", note: input.note, detail: "", version: input.version, duplicateOf: null, supersededBy: null, afterSearch: input.after_search },
    now,
  );
}

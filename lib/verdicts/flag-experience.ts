import type { Caller } from "../auth/authorize-request";
import { recordVerdict } from "./record-verdict";
import type { FlagInput, VerdictResultDto } from "./schema";

/**
 * The caller's key flags experience `id` (replacing its earlier verdict). unsafe and spam flags wait
 * in the moderation queue for a maintainer (status pending) and count meanwhile.
 */
export function flagExperience(id: number, input: FlagInput, caller: Caller, now = new Date()): Promise<VerdictResultDto> {
  return recordVerdict(
    id,
    caller,
    {
      verdict: "flag",
      reason: input.reason,
      note: "",
      detail: input.detail,
      version: "",
      duplicateOf: input.duplicate_of,
      supersededBy: input.superseded_by,
      afterSearch: input.after_search,
    },
    now,
  );
}

import type { Caller } from "../auth/authorize-request";
import { submitContent } from "../contents/submit-content";
import type { SubmitContentInput } from "../contents/schema";
import { provenanceColumns } from "../keys/provenance";
import { holdForReview } from "./hold-for-review";
import { revisionTexts } from "./stored-texts";

/** A content revision as the API takes it: screened, held when it must be; locked nodes take only maintainers. */
export function submitContentForReview(input: SubmitContentInput, caller: Caller, now = new Date()) {
  const hold = holdForReview(revisionTexts(input), caller.key);
  const canRevise = caller.key?.scope === "moderate" ? "moderator" : "any";
  return submitContent(input, provenanceColumns(caller.key), { hold, canRevise }, now);
}

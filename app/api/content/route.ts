import { admitRequest } from "@/lib/auth/admit-request";
import { submitContentInput } from "@/lib/contents/schema";
import { jsonResponse, methodNotAllowed, optionsHandler, readJsonBody, withErrors } from "@/lib/http";
import { submitContentForReview } from "@/lib/moderation/submit-content-for-review";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 256 * 1024;

export const POST = withErrors(async (request) => {
  const caller = await admitRequest(request, "write", "write");
  const input = parseInput(submitContentInput, await readJsonBody(request, MAX_BODY_BYTES), "content");
  const result = await submitContentForReview(input, caller);
  // 202: the revision is stored but held for review; 201 a new node; 200 a new or unchanged revision.
  return jsonResponse(result, result.status === "pending" ? 202 : result.status === "created" ? 201 : 200);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);

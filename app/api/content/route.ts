import { admitRequest } from "@/lib/auth/admit-request";
import { provenanceColumns } from "@/lib/keys/provenance";
import { submitContent } from "@/lib/contents/submit-content";
import { submitContentInput } from "@/lib/contents/schema";
import { jsonResponse, methodNotAllowed, optionsHandler, readJsonBody, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 256 * 1024;

export const POST = withErrors(async (request) => {
  const caller = admitRequest(request, "write", "write");
  const input = parseInput(submitContentInput, await readJsonBody(request, MAX_BODY_BYTES), "content");
  const result = submitContent(input, provenanceColumns(caller.key));
  return jsonResponse(result, result.status === "created" ? 201 : 200);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);

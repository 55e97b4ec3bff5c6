import { submitContent } from "@/lib/contents/submit-content";
import { submitContentInput } from "@/lib/contents/schema";
import { jsonResponse, methodNotAllowed, readJsonBody, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 256 * 1024;

export const POST = withErrors(async (request) => {
  const input = parseInput(submitContentInput, await readJsonBody(request, MAX_BODY_BYTES), "content");
  const result = submitContent(input);
  return jsonResponse(result, result.status === "created" ? 201 : 200);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

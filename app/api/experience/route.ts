import { admitRequest } from "@/lib/auth/admit-request";
import { createExperienceInput } from "@/lib/experiences/schema";
import { jsonResponse, methodNotAllowed, optionsHandler, readJsonBody, withErrors } from "@/lib/http";
import { reportExperience } from "@/lib/moderation/report-experience";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 64 * 1024;

export const POST = withErrors(async (request) => {
  const caller = await admitRequest(request, "write", "write");
  const input = parseInput(createExperienceInput, await readJsonBody(request, MAX_BODY_BYTES), "experience");
  const result = await reportExperience(input, caller);
  // 202: stored, but held for review (result.moderation says why); 200: a retry of a stored report,
  // or nothing stored because it nearly repeats a published one (result.near_duplicate_of).
  return jsonResponse(result, result.duplicate || result.near_duplicate_of ? 200 : result.moderation ? 202 : 201);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);

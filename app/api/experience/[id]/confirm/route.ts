import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, readJsonBody, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";
import { submitConfirm } from "@/lib/moderation/submit-verdict";
import { experienceIdParam, confirmInput } from "@/lib/verdicts/schema";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 16 * 1024;

type Context = { params: Promise<{ id: string }> };

export const POST = withErrors(async (request: Request, context: Context) => {
  const caller = await admitRequest(request, "write", "write");
  const id = parseInput(experienceIdParam, (await context.params).id, "experience id");
  const input = parseInput(confirmInput, await readJsonBody(request, MAX_BODY_BYTES), "confirm");
  const result = await submitConfirm(id, input, caller);
  // 201: this key's first verdict on it; 200: it replaced (or repeated) the key's earlier one.
  return jsonResponse(result, result.change === "created" ? 201 : 200);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);

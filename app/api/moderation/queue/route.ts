import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { listQueue } from "@/lib/moderation/list-queue";
import { queueInput } from "@/lib/moderation/schema";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => {
  await admitRequest(request, "moderate", "search");
  return jsonResponse(await listQueue(parseInput(queueInput, queryParams(request), "queue request")));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

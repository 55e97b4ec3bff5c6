import { actorOf } from "@/lib/auth/authorize-request";
import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, readJsonBody, withErrors } from "@/lib/http";
import { removeLearnedLink } from "@/lib/learning/remove-link";
import { removeLinkInput } from "@/lib/learning/schema";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const POST = withErrors(async (request) => {
  const caller = await admitRequest(request, "moderate", "write");
  const input = parseInput(removeLinkInput, await readJsonBody(request, 16 * 1024), "learned link removal");
  return jsonResponse(await removeLearnedLink(input, actorOf(caller)));
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);

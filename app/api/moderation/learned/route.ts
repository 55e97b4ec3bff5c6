import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { listLearnedLinks } from "@/lib/learning/list-links";
import { listLinksInput } from "@/lib/learning/schema";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => {
  await admitRequest(request, "moderate", "search");
  return jsonResponse(await listLearnedLinks(parseInput(listLinksInput, queryParams(request), "learned links request")));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

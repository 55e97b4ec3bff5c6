import { admitRequest } from "@/lib/auth/admit-request";
import { requestClientId } from "@/lib/demand-log/client-id";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { searchInput } from "@/lib/search/schema";
import { searchExperiences } from "@/lib/search/search-experiences";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => {
  const caller = await admitRequest(request, "read", "search");
  const input = parseInput(searchInput, queryParams(request), "search");
  return jsonResponse(await searchExperiences(input, caller.key?.id ?? "", { client: await requestClientId(request, caller.key?.id) }));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { getResourceInput } from "@/lib/resources/schema";
import { getResourceForTask } from "@/lib/search/get-resource-for-task";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ name: string[] }> };

// A catch-all segment so that names containing "/" (sent as %2F) still reach us whole.
export const GET = withErrors(async (request: Request, context: Context) => {
  // An unknown name scans up to 20,000 names for the closest: limited like a search.
  await admitRequest(request, "read", "search");
  const { name } = await context.params;
  const input = parseInput(getResourceInput, { ...queryParams(request), name: name.join("/") }, "resource request");
  return jsonResponse(await getResourceForTask(input));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

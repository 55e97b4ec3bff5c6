import { admitRequest } from "@/lib/auth/admit-request";
import { getContent, getContentHistory } from "@/lib/contents/get-content";
import { getContentInput } from "@/lib/contents/schema";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string[] }> };

export const GET = withErrors(async (request: Request, context: Context) => {
  // A miss writes a log row and scans for the closest ids: limited like a search.
  await admitRequest(request, "read", "search");
  const { id } = await context.params;
  const input = parseInput(getContentInput, { ...queryParams(request), id: id.join("/") }, "content request");
  return jsonResponse(input.history ? await getContentHistory(input.id) : await getContent(input.id, input.revision));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

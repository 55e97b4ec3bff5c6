import { admitRequest } from "@/lib/auth/admit-request";
import { getContent, getContentHistory } from "@/lib/contents/get-content";
import { getContentInput } from "@/lib/contents/schema";
import { requestClientId } from "@/lib/demand-log/client-id";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string[] }> };

export const GET = withErrors(async (request: Request, context: Context) => {
  // A miss writes a log row and scans for the closest ids: limited like a search.
  const caller = await admitRequest(request, "read", "search");
  const { id } = await context.params;
  const input = parseInput(getContentInput, { ...queryParams(request), id: id.join("/") }, "content request");
  const client = await requestClientId(request, caller.key?.id);
  return jsonResponse(input.history ? await getContentHistory(input.id, client) : await getContent(input.id, input.revision, client));
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

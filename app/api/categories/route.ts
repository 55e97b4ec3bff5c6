import { admitRequest } from "@/lib/auth/admit-request";
import { jsonResponse, methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";
import { listCategories } from "@/lib/resources/list-categories";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => {
  await admitRequest(request, "read");
  return jsonResponse(await listCategories());
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

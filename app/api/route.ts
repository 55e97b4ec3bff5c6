import { describeApi } from "@/lib/api-index";
import { jsonResponse, methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";
import { publicBaseUrl } from "@/lib/public-url";

export const dynamic = "force-dynamic";

// The MCP configs in the index name the address it was asked at: no shared cache may hand them to another name.
export const GET = withErrors(async (request) => jsonResponse(describeApi(publicBaseUrl(request)), 200, { vary: "Host" }));

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

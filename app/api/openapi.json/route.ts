import { jsonResponse, methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { publicBaseUrl } from "@/lib/public-url";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => jsonResponse(buildOpenApiDocument({ serverUrl: publicBaseUrl(request) }), 200, { vary: "Host" }));

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

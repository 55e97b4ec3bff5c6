import { describeApi } from "@/lib/api-index";
import { jsonResponse, methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => jsonResponse(describeApi()));

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

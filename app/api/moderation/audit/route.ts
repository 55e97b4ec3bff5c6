import { admitRequest } from "@/lib/auth/admit-request";
import { listAudit } from "@/lib/audit/list-audit";
import { listAuditInput } from "@/lib/audit/schema";
import { jsonResponse, methodNotAllowed, optionsHandler, queryParams, withErrors } from "@/lib/http";
import { parseInput } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request) => {
  await admitRequest(request, "moderate", "search");
  return jsonResponse(await listAudit(parseInput(listAuditInput, queryParams(request), "audit request")));
});

// Append-only: no method here changes the log.
const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

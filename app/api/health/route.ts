import { checkHealth } from "@/lib/health/check-health";
import { jsonResponse, methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => {
  const health = await checkHealth();
  return jsonResponse(health, health.status === "ok" ? 200 : 503);
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

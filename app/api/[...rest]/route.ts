import { DomainError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";

export const dynamic = "force-dynamic";

// Unknown /api paths answer in JSON like every other error, never with the HTML 404 page.
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(
    new DomainError("not_found", `No endpoint at ${path}. GET /api lists every endpoint.`, { path, index: "/api" }),
  );
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
// OPTIONS too: an unknown path has no methods to list.
export { notFound as OPTIONS };

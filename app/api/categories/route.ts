import { jsonResponse, methodNotAllowed, withErrors } from "@/lib/http";
import { listCategories } from "@/lib/resources/list-categories";

export const dynamic = "force-dynamic";

export const GET = withErrors(() => jsonResponse(listCategories()));

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

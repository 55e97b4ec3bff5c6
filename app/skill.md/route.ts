import { methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";
import { publicBaseUrl } from "@/lib/public-url";
import { readSkillGuide } from "@/lib/skill-guide";

export const dynamic = "force-dynamic";

export const GET = withErrors(
  (request) =>
    new Response(readSkillGuide(publicBaseUrl(request)), {
      // The text depends on the Host it was asked for: no shared cache may hand it to another name.
      headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "no-store", vary: "Host" },
    }),
);

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

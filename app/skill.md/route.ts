import { readSkillGuide } from "@/lib/skill-guide";
import { methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = withErrors(
  () => new Response(readSkillGuide(), { headers: { "content-type": "text/markdown; charset=utf-8" } }),
);

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["GET"]);

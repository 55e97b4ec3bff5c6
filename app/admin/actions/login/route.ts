// Logging in: the login form has no session yet, so its forgery defence is the same-origin check
// (plus SameSite=Strict on the cookie it sets). Then one call: startSession.
import { isSameOrigin } from "@/lib/admin/csrf";
import { loginInput } from "@/lib/admin/schema";
import { startSession } from "@/lib/admin/start-session";
import { DomainError } from "@/lib/errors";
import { clientAddress } from "@/lib/limits/client-address";
import { parseInput } from "@/lib/validation";
import { errorPage, field, originHeaders, readForm, seeOther, sessionCookieHeader } from "../../_lib/action";
import { withFlash } from "../../_lib/paths";

export async function POST(request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    if (!isSameOrigin(originHeaders(request))) {
      throw new DomainError("forbidden", "This form was not sent from a page of this console (Origin check). Nothing was changed.", { reason: "cross_origin" });
    }
    const input = parseInput(loginInput, { token: field(form, "token") }, "login");
    const started = await startSession(input, clientAddress(request));
    return seeOther(withFlash("/admin", "logged-in"), { "set-cookie": sessionCookieHeader(request, started.session_id, started.max_age_seconds) });
  } catch (error) {
    return errorPage(error, "/admin/login");
  }
}

// Logging in: the login form has no session yet, so its forgery defence is the same-origin check
// (plus SameSite=Strict on the cookie it sets). Then one call: startSession. A token that opens
// nothing goes back to the styled login page with an error (which answers 401), never echoing the
// token; success lands on the console page that was asked for (`next`: console paths only).
import { isSameOrigin } from "@/lib/admin/csrf";
import { loginInput } from "@/lib/admin/schema";
import { startSession } from "@/lib/admin/start-session";
import { DomainError, isDomainError } from "@/lib/errors";
import { clientAddress } from "@/lib/limits/client-address";
import { parseInput } from "@/lib/validation";
import { errorPage, field, originHeaders, readForm, seeOther, sessionCookieHeader } from "../../_lib/action";
import { loginHref, safeNextPath, withFlash } from "../../_lib/paths";

export async function POST(request: Request): Promise<Response> {
  let next = "/admin";
  try {
    const form = await readForm(request);
    next = safeNextPath(form.get("next"));
    if (!isSameOrigin(originHeaders(request))) {
      throw new DomainError("forbidden", "This form was not sent from a page of this console (Origin check). Nothing was changed.", { reason: "cross_origin" });
    }
    const input = parseInput(loginInput, { token: field(form, "token") }, "login");
    const started = await startSession(input, clientAddress(request));
    return seeOther(withFlash(next, "logged-in"), { "set-cookie": sessionCookieHeader(request, started.session_id, started.max_age_seconds) });
  } catch (error) {
    // A refused token (or an empty one) is the login's own error, shown on its own page.
    if (isDomainError(error) && (error.code === "unauthorized" || (error.code === "invalid_input" && error.details.issues !== undefined))) {
      return seeOther(loginHref(next, { error: "token" }));
    }
    return errorPage(error, "/admin/login");
  }
}

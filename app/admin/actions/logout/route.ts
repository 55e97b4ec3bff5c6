import { endSession } from "@/lib/admin/end-session";
import { adminAction, sessionCookieHeader } from "../../_lib/action";

export const POST = adminAction(async ({ sessionId, request }) => {
  await endSession(sessionId);
  return { back: "/admin/login", flash: "logged-out", headers: { "set-cookie": sessionCookieHeader(request, "", 0) } };
});

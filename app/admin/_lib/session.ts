// The session behind a page request, for server components. Pages call requireSession() first:
// every console page but the login needs one, checked on every request (lib/admin/read-session.ts
// re-checks the key each time).
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { readSession } from "@/lib/admin/read-session";
import type { AdminSession } from "@/lib/admin/schema";
import { isHttpsRequest, sessionCookieName } from "@/lib/admin/session-config";
import { PAGE_PATH_HEADER, PAGE_QUERY_HEADER } from "@/lib/http";
import { loginHref } from "./paths";

export async function currentSession(): Promise<AdminSession | null> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const secure = isHttpsRequest({ forwardedProto: head.get("x-forwarded-proto") });
  return readSession(jar.get(sessionCookieName(secure))?.value ?? null);
}

/** The session, or a redirect to the login carrying the page asked for (proxy.ts names it in two headers). */
export async function requireSession(): Promise<AdminSession> {
  const session = await currentSession();
  if (!session) {
    const head = await headers();
    redirect(loginHref(`${head.get(PAGE_PATH_HEADER) ?? "/admin"}${head.get(PAGE_QUERY_HEADER) ?? ""}`));
  }
  return session;
}

// Runs before routing on every page request and on the API requests that need it (see config at
// the end). Five jobs, only the fourth with I/O (the rate limit's bucket, lib/limits/rate-limit.ts:
// in memory, a message to serve.mjs's primary, or one statement on PostgreSQL):
// 1. DNS rebinding: refuse a Host that is neither a loopback name nor listed (lib/security/host-check.ts).
// 2. Broken percent-encoding (e.g. /api/resource/%E0%A4%A): Next would answer with a plain-text 500
//    before any route sees it; answer as our contract says instead.
// 3. A private hub (KNOWHUB_READ=keys): pages answer 401, since a browser cannot send a read key
//    (the maintainers' console under /admin excepted: it has its own login).
// 4. The pages that search or read (/search, /resources/..., /content/...) draw on the caller's
//    search rate limit, the bucket /api/search and the resource and content reads draw on: 429
//    with Retry-After and a small HTML page past it. Here, because a page cannot set its status.
// 5. Pages: a fresh nonce per request in the CSP. Next reads it from the request's CSP header and
//    stamps its inline RSC <script> tags with it. API answers get their fixed CSP and the other
//    security headers from next.config.ts headers(), so no answer carries two CSP headers.
import { NextResponse, type NextRequest } from "next/server";
import { admitPageView } from "@/lib/auth/admit-request";
import { readAuthConfig } from "@/lib/auth/auth-config";
import { DomainError } from "@/lib/errors";
import { PAGE_PATH_HEADER, PAGE_QUERY_HEADER, errorResponse, pageErrorResponse } from "@/lib/http";
import { clientAddress } from "@/lib/limits/client-address";
import { DATA_CONTENT_SECURITY_POLICY, generateNonce, pageContentSecurityPolicy } from "@/lib/security/content-security-policy";
import { ALLOWED_HOSTS_ENV, hostPolicy, hostRefusalMessage, isHostAllowed, type HostPolicy } from "@/lib/security/host-check";

// Read once: the environment does not change while the server runs.
let policy: HostPolicy | undefined;
function currentHostPolicy(): HostPolicy {
  if (!policy) {
    const built = hostPolicy({ HOST: process.env.HOST, KNOWHUB_ALLOWED_HOSTS: process.env[ALLOWED_HOSTS_ENV] });
    if (built.invalid.length) {
      console.error(`${ALLOWED_HOSTS_ENV}: ignoring unreadable entries ${JSON.stringify(built.invalid)}; use hostnames with an optional port`);
    }
    policy = built;
  }
  return policy;
}

const isDev = process.env.NODE_ENV === "development";

// With KNOWHUB_READ=keys every read needs a key, and a browser cannot send one: the pages close.
// A setting the server cannot read closes them too (the start script refuses such settings anyway).
function pagesClosed(): boolean {
  try {
    return readAuthConfig().reads === "keys";
  } catch {
    return true;
  }
}

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function isApi(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function isAdmin(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

// Pages that run a search or read the database as the API's rate-limited reads do.
function isReadPage(pathname: string): boolean {
  return pathname === "/search" || pathname.startsWith("/resources/") || pathname.startsWith("/content/");
}

// Answers that are not documents (the API, the agent guide): their CSP comes from next.config.ts.
function isData(pathname: string): boolean {
  return isApi(pathname) || pathname === "/skill.md";
}

function plainText(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "content-security-policy": DATA_CONTENT_SECURITY_POLICY },
  });
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  const host = request.headers.get("host");
  if (!isHostAllowed(host, currentHostPolicy())) {
    const error = new DomainError("forbidden", hostRefusalMessage(host), { host, allow_with: ALLOWED_HOSTS_ENV });
    return isApi(pathname) ? errorResponse(error) : plainText(403, `403 Forbidden: ${error.message}\n`);
  }

  if (pathname.includes("%") && !decodesCleanly(pathname)) {
    const error = new DomainError("invalid_input", "The path has invalid percent-encoding; encode names and ids as UTF-8.", {
      path: pathname,
    });
    return isApi(pathname) ? errorResponse(error) : plainText(400, `400 Bad Request: ${error.message}\n`);
  }

  if (isData(pathname)) return NextResponse.next();

  // The console (/admin) stays open on a private hub: it has its own login (app/admin).
  if (pagesClosed() && !isAdmin(pathname)) {
    return plainText(
      401,
      "401 Unauthorized: this hub is private (KNOWHUB_READ=keys), so its pages are closed. Agents read it through " +
        "/api with a read key (Authorization: Bearer kh_...); /skill.md explains how.\n",
    );
  }

  if (isReadPage(pathname)) {
    try {
      await admitPageView(clientAddress(request));
    } catch (error) {
      return pageErrorResponse(error, DATA_CONTENT_SECURITY_POLICY);
    }
  }

  const csp = pageContentSecurityPolicy(generateNonce(), { dev: isDev });
  // Overwrite, never merge, whatever CSP the client sent: the nonce must be ours.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  // Overwritten too: the 404 page reads the path from it to suggest the closest resource names.
  requestHeaders.set(PAGE_PATH_HEADER, pathname);
  // Overwritten too: the console's session guard sends a logged-out maintainer to the login with
  // the page asked for (app/admin/_lib/session.ts), which the login accepts only as a console path.
  requestHeaders.set(PAGE_QUERY_HEADER, request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

// Where the proxy runs. Static files never (nothing to check, no CSP needed). Pages always: each
// needs its nonce, and the Host check must cover them, RSC and prefetch requests included (their
// payload is as readable to a rebinding page as the HTML). The API only when there is work to do,
// because merely invoking the proxy costs about a millisecond a request (/api/health p50 2.7 ->
// 3.9 ms here): when the Host is not plainly localhost or 127.0.0.1 (Next compares the hostname
// without its port), and for paths with a percent sign. Skipping is safe: those two names always
// pass the check; any other Host, [::1] and a missing one included, runs it. Keep the group: Next
// anchors the value as ^...$, and a bare alternation would let localhost.evil.example skip.
export const config = {
  matcher: [
    "/((?!api(?:/|$)|_next/static|_next/image|favicon.ico).*)",
    { source: "/api/:path*", missing: [{ type: "host", value: "(?:localhost|127\\.0\\.0\\.1)" }] },
    "/api/:rest(.*%.*)",
  ],
};

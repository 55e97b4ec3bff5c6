// Runs before routing. Next answers a path with broken percent-encoding (e.g. /api/resource/%E0%A4%A)
// with a plain-text 500 before any route sees it; catch it here and answer as our contract says.
import { NextResponse, type NextRequest } from "next/server";
import { DomainError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (decodesCleanly(pathname)) return NextResponse.next();
  const error = new DomainError("invalid_input", "The path has invalid percent-encoding; encode names and ids as UTF-8.", {
    path: pathname,
  });
  if (pathname.startsWith("/api/")) return errorResponse(error);
  return new Response(`400 Bad Request: ${error.message}\n`, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

// Only paths that contain a percent sign can be badly encoded: keep the proxy off every other request.
export const config = { matcher: ["/:area(api|resources|content)/:rest(.*%.*)"] };

// Transport for the console's form posts (app/admin/actions/*/route.ts): read the form, pass the
// door (same origin, open session, CSRF token: lib/admin/authorize-post.ts) before anything else,
// let the route parse and call its one lib function, then answer 303 back to the page with a flash
// code, or with a small error page carrying the DomainError's message and status. Plain HTML
// forms, so the console works without JavaScript.
import { authorizeAdminPost } from "@/lib/admin/authorize-post";
import type { OriginHeaders } from "@/lib/admin/csrf";
import type { AdminSession } from "@/lib/admin/schema";
import { isHttpsRequest, sessionCookieName } from "@/lib/admin/session-config";
import { translateDbError } from "@/lib/db-errors";
import { DomainError, ERROR_STATUS, isDomainError } from "@/lib/errors";
import { loginHref, safeBackPath, withFlash } from "./paths";
import type { FlashCode } from "./flash";

// Console forms carry ids, reasons and checkbox lists: a megabyte is far more than any needs.
const MAX_FORM_BYTES = 1024 * 1024;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type ActionContext = { form: FormData; session: AdminSession; sessionId: string; request: Request };
export type ActionResult = { back?: string; flash: FlashCode; n?: number; params?: Record<string, string>; headers?: Record<string, string> };

export function isHttps(request: Request): boolean {
  return isHttpsRequest({ url: request.url, forwardedProto: request.headers.get("x-forwarded-proto") });
}

export function sessionCookieOf(request: Request): string | null {
  const name = sessionCookieName(isHttps(request));
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function originHeaders(request: Request): OriginHeaders {
  return {
    origin: request.headers.get("origin"),
    referer: request.headers.get("referer"),
    hosts: [request.headers.get("host"), request.headers.get("x-forwarded-host")],
    https: isHttps(request),
  };
}

/** Reads a form body: a form content type (415), a declared length within the limit (413). */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new DomainError("unsupported_media_type", "Send this as an HTML form (application/x-www-form-urlencoded).", { content_type: type || null });
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  // Browsers always declare a form's length; without one the size could not be bounded before reading.
  if (!Number.isFinite(declared)) throw new DomainError("invalid_input", "A form must declare its Content-Length.", {});
  if (declared > MAX_FORM_BYTES) {
    throw new DomainError("payload_too_large", `The form is larger than the ${MAX_FORM_BYTES / 1024} KB allowed.`, { max_bytes: MAX_FORM_BYTES });
  }
  try {
    return await request.formData();
  } catch {
    throw new DomainError("invalid_input", "The form could not be read.", {});
  }
}

/** A form field as a string ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  // Relative: the browser resolves it against the URL it posted to, whatever Host a proxy rewrote.
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", ...headers } });
}

/** Wraps a console action: the door first, then the route's own work. */
export function adminAction(run: (ctx: ActionContext) => ActionResult | Promise<ActionResult>) {
  return async (request: Request): Promise<Response> => {
    let back = "/admin";
    try {
      const form = await readForm(request);
      back = safeBackPath(form.get("back"));
      const sessionId = sessionCookieOf(request);
      const session = await authorizeAdminPost({ session_id: sessionId, csrf_token: form.get("csrf"), origin: originHeaders(request) });
      const result = await run({ form, session, sessionId: sessionId!, request });
      return seeOther(withFlash(result.back ?? back, result.flash, result.n, result.params), result.headers);
    } catch (error) {
      if (isDomainError(error) && error.details.reason === "no_session") return seeOther(loginHref(back, { flash: "session-ended" }));
      return errorPage(error, back);
    }
  };
}

/** The answer to a refused or failed action: its status, its message, a way back. */
export function errorPage(caught: unknown, back: string): Response {
  const translated = translateDbError(caught) ?? caught;
  let status: number = 500;
  let message = "Internal error; nothing was changed.";
  if (isDomainError(translated)) {
    status = ERROR_STATUS[translated.code];
    message = translated.message;
  } else {
    // Never show a stack trace; keep it in the server log.
    console.error(translated);
  }
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };
  if (isDomainError(translated) && typeof translated.details.retry_after_seconds === "number") {
    headers["retry-after"] = String(translated.details.retry_after_seconds);
  }
  const title = `${status} ${STATUS_TEXT[status] ?? "Error"}`;
  // A standalone page (no React, no stylesheet): the browser's own light or dark colours, readable
  // on a phone. Every interpolated value is escaped.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="description" content="The console could not do this.">
<title>${escapeHtml(title)} · KnowHub console</title></head>
<body><main id="main"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(safeBackPath(back))}">Back to the console</a></p></main></body></html>
`;
  return new Response(html, { status, headers });
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's link or form
 * carries it), Path=/, and over https Secure with the __Host- prefix (the browser then refuses any
 * copy set by a subdomain or over http). maxAge 0 deletes it.
 */
export function sessionCookieHeader(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isHttps(request);
  return `${sessionCookieName(secure)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

// Transport helpers shared by every route handler: JSON bodies in, JSON answers out, and the one
// mapping from domain errors to HTTP. Uses only web-standard Request/Response (no next/*).
import { clearDbTrouble, translateDbError } from "./db-errors";
import { DomainError, ERROR_STATUS, isDomainError, type ErrorCode } from "./errors";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * Request header the proxy sets on every page request to the path asked for: a not-found page
 * receives no params, and this is how the 404 knows which resource name was mistyped.
 */
export const PAGE_PATH_HEADER = "x-knowhub-page-path";
/** The page's query string ("" or "?..."), set beside PAGE_PATH_HEADER: the console's login returns to the page asked for. */
export const PAGE_QUERY_HEADER = "x-knowhub-page-query";

export type ErrorBody = { code: ErrorCode; message: string; details: Record<string, unknown> };

/**
 * The error contract's body for anything thrown, with or without HTTP (the MCP tools and the CLI
 * carry it too): domain errors as they are, database errors translated by code, anything else
 * "internal", logged and never shown.
 */
export function toErrorBody(caught: unknown): ErrorBody {
  const error = translateDbError(caught) ?? caught;
  if (isDomainError(error)) return { code: error.code, message: error.message, details: error.details };
  // Never leak a stack trace to the client; keep it in the server log (stderr: never stdout, which
  // is the stdio MCP channel).
  console.error(error);
  return { code: "internal", message: "Internal error; the request was not completed.", details: {} };
}

export function errorResponse(caught: unknown): Response {
  const body = toErrorBody(caught);
  return jsonResponse({ error: body }, ERROR_STATUS[body.code], errorHeaders(body));
}

/** The headers an error answer carries besides its body: Allow, WWW-Authenticate, Retry-After. */
function errorHeaders(body: ErrorBody): Record<string, string> {
  const headers: Record<string, string> = {};
  if (body.code === "method_not_allowed" && Array.isArray(body.details.allow)) {
    headers.allow = (body.details.allow as string[]).join(", ");
  }
  if (body.code === "unauthorized") {
    const reason = body.details.reason === "invalid_token" || body.details.reason === "invalid_request" ? `, error="${body.details.reason}"` : "";
    headers["www-authenticate"] = `Bearer realm="knowhub"${reason}`;
  }
  if (typeof body.details.retry_after_seconds === "number") {
    headers["retry-after"] = String(body.details.retry_after_seconds);
  }
  return headers;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The same mapping for a page a browser asked for (proxy.ts refuses a page view before it renders):
 * the status and headers the API would send, with a small HTML page saying what happened instead of
 * the JSON body. `contentSecurityPolicy`: the page has no script or style, so the strictest fits.
 */
export function pageErrorResponse(caught: unknown, contentSecurityPolicy: string): Response {
  const body = toErrorBody(caught);
  const status = ERROR_STATUS[body.code];
  const title = `${status} ${body.code === "rate_limited" ? "Too many requests" : body.code.replace(/_/g, " ")}`;
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark">` +
    `<title>${escape(title)} · KnowHub</title></head><body><main><h1>${escape(title)}</h1><p>${escape(body.message)}</p>` +
    `<p><a href="/">KnowHub home</a></p></main></body></html>\n`;
  return new Response(html, {
    status,
    headers: {
      ...errorHeaders(body),
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": contentSecurityPolicy,
    },
  });
}

type Handler<C> = (request: Request, context: C) => Promise<Response> | Response;

/** Wraps a route handler so that every failure becomes the JSON error contract. */
export function withErrors<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      const response = await handler(request, context);
      // A write went through: whatever made the database refuse writes earlier is over (health).
      if (request.method !== "GET" && request.method !== "HEAD" && response.status < 300) clearDbTrouble();
      return response;
    } catch (error) {
      return errorResponse(error);
    }
  };
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** A handler for the methods a route does not support: 405 with Allow. */
export function methodNotAllowed(allowed: string[]): Handler<unknown> {
  const allow = allowed.includes("GET") && !allowed.includes("HEAD") ? [...allowed, "HEAD"] : allowed;
  return (request) =>
    errorResponse(
      new DomainError("method_not_allowed", `${request.method} is not allowed here; use ${allow.join(" or ")}.`, {
        method: request.method,
        allow,
      }),
    );
}

export function otherMethods(allowed: string[]): (typeof ALL_METHODS)[number][] {
  return ALL_METHODS.filter((m) => !allowed.includes(m) && !(m === "HEAD" && allowed.includes("GET")));
}

/**
 * Reads a JSON request body with a size limit. Checks the content type (415), the declared and the
 * actual length (413) and the syntax (400) before any domain code sees it.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw new DomainError(
      "unsupported_media_type",
      `Send the body as JSON with "Content-Type: application/json" (got "${type || "none"}").`,
      { content_type: type || null, expected: "application/json" },
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes, declared);
  const bytes = await readLimited(request, maxBytes);
  // Fatal: invalid bytes are refused, never silently turned into U+FFFD and stored.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError("invalid_input", "The body is not valid UTF-8", {
      issues: [{ field: "(body)", message: "the body is not valid UTF-8" }],
    });
  }
  if (!text.trim()) {
    throw new DomainError("invalid_input", "The request body is empty; send a JSON object.", {});
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError("invalid_input", `Malformed JSON: ${(error as Error).message}`, {});
  }
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes, total);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number, got: number): DomainError {
  return new DomainError("payload_too_large", `The body is larger than the ${maxBytes / 1024} KB allowed here.`, {
    max_bytes: maxBytes,
    received_bytes_at_least: got,
  });
}

/** Query parameters as a plain object; a repeated parameter keeps its first value. */
export function queryParams(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

/**
 * OPTIONS for a route: 204 with Allow naming only the methods it implements (+HEAD with GET, and
 * OPTIONS). Next's automatic OPTIONS lists every exported handler, the 405 stubs included.
 */
export function optionsHandler(allowed: string[]): Handler<unknown> {
  const methods = [...allowed];
  if (methods.includes("GET") && !methods.includes("HEAD")) methods.push("HEAD");
  if (!methods.includes("OPTIONS")) methods.push("OPTIONS");
  const allow = methods.join(", ");
  return () => new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } });
}

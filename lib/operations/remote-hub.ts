// A KnowHub elsewhere, over its REST API (KNOWHUB_API, KNOWHUB_TOKEN): the answers are that hub's
// JSON bodies, its errors become the same DomainErrors a local call throws.
import type { ContentDto, ContentHistoryDto, SubmitContentResultDto } from "../contents/schema";
import { DomainError, ERROR_STATUS, type ErrorCode } from "../errors";
import type { CreateExperienceResult } from "../experiences/schema";
import type { CategoryDto, ResourceDto } from "../resources/schema";
import type { SearchResponseDto } from "../search/schema";
import type { VerdictResultDto } from "../verdicts/schema";
import { operationQuery } from "./arguments";
import { HubUnreachableError } from "./error-body";
import type { Hub } from "./hub";

const TIMEOUT_MS = 30_000;

export function remoteHub(api: string, token: string | undefined): Hub {
  const base = api.replace(/\/+$/, "");
  let parsedBase: URL;
  try {
    parsedBase = new URL(base);
  } catch {
    throw new DomainError("invalid_input", `KNOWHUB_API must be an http(s) address such as http://127.0.0.1:3000 (got "${api}").`, { api });
  }
  if (parsedBase.protocol !== "http:" && parsedBase.protocol !== "https:") {
    throw new DomainError("invalid_input", `KNOWHUB_API must use http or https (got "${api}").`, { api });
  }
  // Credentials belong in KNOWHUB_TOKEN: an address carrying them would be echoed in every error.
  if (parsedBase.username || parsedBase.password) {
    throw new DomainError("invalid_input", "KNOWHUB_API must not carry a user or password: put the key in KNOWHUB_TOKEN.", {});
  }

  async function call<T>(method: "GET" | "POST", path: string, query: Record<string, string> = {}, body?: unknown, as: "json" | "text" = "json"): Promise<T> {
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new HubUnreachableError(base, `Cannot reach the KnowHub at ${base} (${cause}). Is the server running, and is KNOWHUB_API right?`);
    }
    const text = await response.text();
    if (as === "text" && response.ok) return text as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new HubUnreachableError(base, `${base}${path} answered ${response.status} without KnowHub's JSON: is KNOWHUB_API a KnowHub server?`);
    }
    if (response.ok) return json as T;
    const error = (json as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }).error;
    const code = error?.code && Object.hasOwn(ERROR_STATUS, error.code) ? (error.code as ErrorCode) : "internal";
    throw new DomainError(code, error?.message ?? `${base}${path} answered ${response.status}.`, error?.details ?? {});
  }

  return {
    location: base,
    async mayWrite() {
      // A key's scope is known only to the hub; with a token the write tools are offered and a
      // read key's write is refused (forbidden) when tried. Without one, the hub's mode decides.
      if (token) return true;
      const index = await call<{ auth?: { writes?: string } }>("GET", "/api");
      return (index.auth?.writes ?? "").startsWith("open");
    },
    // With a token the verdict tools are offered (the hub refuses them if it is a read key).
    writesWithKey: async () => Boolean(token),
    search: (args) => call<SearchResponseDto>("GET", "/api/search", operationQuery(args, "")),
    getResource: async (args) => call<ResourceDto>("GET", `/api/resource/${pathSegment(args.name, "name")}`, operationQuery(args, "name")),
    getContent: async (args) =>
      call<ContentDto | ContentHistoryDto>(
        "GET",
        `/api/content/${args.id.split("/").map((part) => pathSegment(part, "id")).join("/")}`,
        operationQuery(args, "id"),
      ),
    listCategories: () => call<{ categories: CategoryDto[] }>("GET", "/api/categories"),
    submitExperience: (body) => call<CreateExperienceResult>("POST", "/api/experience", {}, body),
    submitContent: (body) => call<SubmitContentResultDto>("POST", "/api/content", {}, body),
    confirmExperience: (id, body) => call<VerdictResultDto>("POST", `/api/experience/${id}/confirm`, {}, body ?? {}),
    flagExperience: (id, body) => call<VerdictResultDto>("POST", `/api/experience/${id}/flag`, {}, body ?? {}),
    readGuide: () => call<string>("GET", "/skill.md", {}, undefined, "text"),
  };
}

/**
 * One path segment of a URL sent with the operator's key. encodeURIComponent leaves "." and ".."
 * alone and URL resolution then climbs out of /api/resource or /api/content ("a/../../moderation/queue"
 * would reach the moderation queue with a moderator's token): such segments are refused here.
 */
function pathSegment(value: string, field: string): string {
  if (value === "" || value === "." || value === "..") {
    throw new DomainError("invalid_input", `${field} must not have an empty, "." or ".." path segment`, { field });
  }
  return encodeURIComponent(value);
}

/** KNOWHUB_API set: that hub; otherwise null (the caller uses the local database). */
export function remoteHubFromEnv(env: Record<string, string | undefined> = process.env): Hub | null {
  const api = env.KNOWHUB_API?.trim();
  return api ? remoteHub(api, env.KNOWHUB_TOKEN?.trim() || undefined) : null;
}
